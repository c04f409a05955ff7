// The page: one connection, one state reduced from the server's messages, and views that
// render from it. What the person does goes out as protocol requests (protocol.md).

import { Connection } from './connection.js';
import { initialState, applyMessage, noteSent, setConnection, isMyTurn, rememberDealt, currentDeadline } from './state.js';
import * as prefs from './prefs.js';
import { el, fill, $ } from './dom.js';
import { renderLobby, buildCreateForm } from './view-lobby.js';
import { renderTable } from './view-table.js';
import { renderReplay } from './view-replay.js';
import { buildChat, renderChat } from './view-chat.js';
import { MISS_SHOWN_MS } from './view-memory.js';
import { unlockAudio, turnAlert, tone } from './alerts.js';

const state = initialState();
const ui = {
  selected: new Set(),
  sort: prefs.settings().sort,
  lobbyTab: 'tables',
  tablePages: [], // cursors of the pages before the one shown
  bets: new Map(),
  chip: 1,
  replay: null,
  replayStep: 0,
  hintIndex: -1,
  replaced: false,
  ended: null, // the last view of a table whose games are over, until the person goes back
};
let settings = prefs.settings();
let renderQueued = false;

const socketUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
const connection = new Connection({
  url: socketUrl,
  onOpen: () => sayHello(),
  onMessage: (message) => received(message),
  onStatus: (status) => {
    setConnection(state, status);
    render();
  },
});

// --- requests -----------------------------------------------------------------------------

function send(request) {
  const sent = connection.send(request);
  if (!sent) {
    toast('Not connected: trying again…');
    return null;
  }
  noteSent(state, sent);
  return sent;
}

function sayHello() {
  const name = prefs.session.name;
  if (!name) {
    render();
    return;
  }
  const token = prefs.session.token;
  send(token ? { type: 'hello', name, token } : { type: 'hello', name });
}

const act = {
  hello(name) {
    prefs.session.name = name;
    prefs.session.token = null;
    if (connection.open) sayHello();
    else connection.connect();
  },
  list(cursor) {
    send(cursor === null || cursor === undefined ? { type: 'list' } : { type: 'list', cursor });
  },
  listBack() {
    ui.tablePages.pop();
    const previous = ui.tablePages.length ? ui.tablePages[ui.tablePages.length - 1] : null;
    act.list(previous);
  },
  nextPage(cursor) {
    ui.tablePages.push(cursor);
    act.list(cursor);
  },
  who: () => send({ type: 'who' }),
  create: (request) => send(request),
  join: (table) => send({ type: 'join', table }),
  watch: (table) => send({ type: 'watch', table }),
  leave: () => send({ type: 'leave' }),
  start: () => send({ type: 'start' }),
  play(cards) {
    if (send({ type: 'play', cards })) ui.hintIndex = -1;
  },
  pass() {
    if (send({ type: 'pass' })) {
      ui.selected.clear();
      ui.hintIndex = -1;
    }
  },
  hint() {
    const plays = state.hint?.plays;
    if (plays && plays.length && state.hint.seat === state.seat) {
      showHint();
      return;
    }
    send({ type: 'hint' });
  },
  toggleCard(card) {
    unlockAudio();
    if (ui.selected.has(card)) ui.selected.delete(card);
    else ui.selected.add(card);
    render();
  },
  toggleSort() {
    ui.sort = ui.sort === 'suit' ? 'rank' : 'suit';
    prefs.setSetting('sort', ui.sort);
    render();
  },
  ready: () => send({ type: 'ready' }),
  lay: (card) => send({ type: 'lay', card }),
  mark: (cell) => send({ type: 'mark', cell }),
  again: () => send({ type: 'again' }),
  restart: () => send({ type: 'restart' }),
  flip: (card) => send({ type: 'flip', card }),
  addChips(segment) {
    ui.bets.set(segment, (ui.bets.get(segment) || 0) + ui.chip);
    render();
  },
  chooseChip(size) {
    ui.chip = size;
    render();
  },
  clearBets() {
    ui.bets.clear();
    render();
  },
  bet() {
    const bets = [...ui.bets.entries()].map(([segment, chips]) => ({ segment, chips }));
    if (send(bets.length ? { type: 'bet', bets } : { type: 'bet', bets: [] })) ui.bets.clear();
  },
  chat(text) {
    return !!send({ type: 'chat', text });
  },
  lobbyTab(tab) {
    ui.lobbyTab = tab;
    if (tab === 'history') act.history(state.history?.player ?? null, null);
    if (tab === 'leaderboard') act.leaderboard(state.leaderboard?.kind ?? 'bigtwo', null);
    if (tab === 'tables') act.list(null);
    render();
  },
  history(player, cursor) {
    const request = { type: 'history' };
    if (player) request.player = player;
    if (cursor !== null && cursor !== undefined) request.cursor = cursor;
    send(request);
  },
  leaderboard(kind, cursor) {
    const request = { type: 'leaderboard', kind };
    if (cursor !== null && cursor !== undefined) request.cursor = cursor;
    send(request);
  },
  record: (number) => send({ type: 'record', record: number }),
  replayStep(step) {
    ui.replayStep = step;
    render();
  },
  closeReplay() {
    ui.replay = null;
    render();
  },
  backToLobby() {
    ui.ended = null;
    act.list(null);
    render();
  },
  dismissResult() {
    state.lastResult = null;
    render();
  },
};

// --- what the server says -----------------------------------------------------------------

function showHint() {
  const plays = state.hint.plays;
  ui.hintIndex = (ui.hintIndex + 1) % plays.length;
  ui.selected = new Set(plays[ui.hintIndex].cards);
  render();
}

function alertsFor(before, message) {
  const mine = isMyTurn(state);
  if (mine && !before.myTurn) turnAlert(settings);
  if (message.type === 'timer' && message.seat === state.seat && !state.spectator) {
    turnAlert(settings, 'warning');
  }
  if (message.type === 'play' && message.cards_left === 1 && message.seat !== state.seat && settings.sound) {
    tone('alert');
  }
}

function received(message) {
  const before = { myTurn: isMyTurn(state), table: state.table?.id ?? null };
  if (message.type === 'left' && state.table?.id === message.table && state.game?.matchEnd) {
    // The table is gone, but the person should see how its last game ended: keep it on
    // screen until they go back to the lobby.
    ui.ended = { table: state.table, game: state.game, seat: state.seat, spectator: state.spectator,
      events: [...state.events] };
  }
  if (message.type === 'created' || message.type === 'joined' || message.type === 'watching') {
    ui.ended = null;
  }
  applyMessage(state, message, Date.now());
  switch (message.type) {
    case 'welcome':
      prefs.session.token = message.token;
      prefs.session.name = message.name;
      connection.welcomed();
      if (!state.table) {
        act.list(null);
        act.who();
      }
      break;
    case 'error':
      handleError(message);
      break;
    case 'deal_start':
      if (message.hand) {
        prefs.dealt.set({ table: message.table, deal: message.deal, commitment: message.commitment,
          hand: message.hand });
      }
      ui.selected.clear();
      ui.hintIndex = -1;
      break;
    case 'state': {
      const kept = prefs.dealt.get();
      if (kept) rememberDealt(state, kept);
      break;
    }
    case 'play':
      if (message.seat === state.seat && !state.spectator) {
        ui.selected.clear();
        ui.hintIndex = -1;
      }
      break;
    case 'hint':
      if (message.plays && message.plays.length) {
        ui.hintIndex = -1;
        showHint();
      } else if (message.plays && !message.can_pass) toast('No play'); // else the hand says to pass
      break;
    case 'roulette_round':
      ui.bets.clear();
      break;
    case 'left':
      ui.selected.clear();
      ui.bets.clear();
      act.list(null);
      act.who();
      break;
    case 'record':
      ui.replay = state.record;
      ui.replayStep = 0;
      break;
    case 'shutdown':
      toast('The server is restarting: your seat is kept, the page reconnects by itself.');
      break;
    default:
  }
  if (before.table !== (state.table?.id ?? null)) ui.selected.clear();
  alertsFor(before, message);
  render();
}

function handleError(error) {
  switch (error.code) {
    case 'invalid_token':
      // The session is gone (the server forgot it): start a new one under the same name.
      prefs.session.token = null;
      sayHello();
      return;
    case 'name_taken':
    case 'invalid_field':
      if (error.request?.type === 'hello' || (!state.me && error.code === 'name_taken')) {
        prefs.session.name = '';
        $('name-problem').textContent = error.message;
        render();
        return;
      }
      break;
    case 'hello_timeout':
      return; // the socket closes and the page says hello on the next one
    case 'session_replaced':
      ui.replaced = true;
      connection.stop();
      render();
      return;
    default:
  }
  toast(error.message);
}

// --- rendering ----------------------------------------------------------------------------

let toastTimer = null;
function toast(text) {
  const node = $('toast');
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, 4000);
}

const chat = buildChat(act);
const createForm = buildCreateForm(act);

function connectionWords() {
  if (ui.replaced) return 'open in another tab';
  switch (state.connection) {
    case 'open': return state.me ? `● ${state.me.name}` : '● connected';
    case 'idle': return '';
    case 'offline': return 'offline: waiting for the network…';
    case 'reconnecting': return 'reconnecting…';
    default: return 'connecting…';
  }
}

function show(screen) {
  for (const id of ['screen-name', 'screen-lobby', 'screen-table', 'screen-replay']) {
    $(id).hidden = id !== screen;
  }
}

function render() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    draw();
  });
}

function draw() {
  const now = Date.now();
  const ctx = { state, ui, settings, now, act };
  document.body.classList.toggle('four-colour', settings.fourColour);
  const status = $('connection');
  status.textContent = connectionWords();
  status.dataset.status = ui.replaced ? 'replaced' : state.connection;
  if (ui.replaced) {
    show('screen-name');
    fill($('name-form'), el('h1', {}, 'This seat is open in another tab'),
      el('p', { class: 'note' }, 'Only one window can hold a seat. Use it here instead?'),
      el('button', { type: 'button', class: 'primary', onclick: () => { ui.replaced = false; location.reload(); } },
        'Use it here'));
    return;
  }
  if (!state.me) {
    show('screen-name');
    const input = $('name-input');
    if (!input.value && prefs.session.name) input.value = prefs.session.name;
    $('chat-slot').replaceChildren();
    return;
  }
  if (ui.replay) {
    show('screen-replay');
    renderReplay($('screen-replay'), ctx, ui.replay);
    $('chat-slot').replaceChildren();
    return;
  }
  if (state.table || ui.ended) {
    show('screen-table');
    const shown = state.table ? ctx : { ...ctx, ended: true, state: { ...state, ...ui.ended } };
    renderTable({ head: $('table-head'), game: $('table-game'), events: $('table-events') }, shown);
  } else {
    show('screen-lobby');
    renderLobby($('lobby-body'), ctx);
    if (!createForm.isConnected) $('create-slot').replaceChildren(createForm);
    $('create-slot').hidden = ui.lobbyTab !== 'tables';
  }
  if (!chat.panel.isConnected) $('chat-slot').replaceChildren(chat.panel);
  renderChat(chat, state);
}

// Countdowns, the ready check and a memory miss change with time alone.
setInterval(() => {
  const timed = currentDeadline(state) || state.readyCheck?.deadline
    || (state.game?.miss && Date.now() - state.game.miss.at < MISS_SHOWN_MS + 500);
  if (timed && !document.hidden) draw();
}, 250);

// The lobby's lists change without a word to the lobby: look again now and then.
setInterval(() => {
  if (!state.me || state.table || ui.replay || document.hidden || !connection.open) return;
  if (ui.lobbyTab === 'tables') {
    act.list(ui.tablePages.length ? ui.tablePages[ui.tablePages.length - 1] : null);
    act.who();
  }
}, 5000);

// --- the static parts ---------------------------------------------------------------------

$('name-form').addEventListener('submit', (event) => {
  event.preventDefault();
  unlockAudio();
  const name = $('name-input').value.trim();
  if (!name) return;
  $('name-problem').textContent = '';
  act.hello(name);
});

document.addEventListener('pointerdown', unlockAudio, { once: true });

const settingsDialog = $('settings-dialog');
$('settings-button').addEventListener('click', () => {
  for (const input of settingsDialog.querySelectorAll('input[type=checkbox]')) {
    input.checked = !!settings[input.name];
  }
  settingsDialog.showModal();
});
settingsDialog.addEventListener('change', (event) => {
  if (event.target.name) {
    prefs.setSetting(event.target.name, event.target.checked);
    settings = prefs.settings();
    render();
  }
});
$('forget-button').addEventListener('click', () => {
  if (state.table && !confirm('Leave your seat and use another name?')) return;
  if (state.table) act.leave();
  prefs.session.name = '';
  prefs.session.token = null;
  location.reload();
});

const inviteDialog = $('invite-dialog');
act.invite = () => $('invite-button').click();
$('invite-button').addEventListener('click', async () => {
  const image = $('qr-image');
  image.src = `/join.svg?${Date.now()}`;
  try {
    const reply = await fetch('/join.txt', { cache: 'no-store' });
    $('join-url').textContent = reply.ok ? (await reply.text()).trim() : location.origin;
  } catch {
    $('join-url').textContent = location.origin;
  }
  inviteDialog.showModal();
});

// A first visit connects once the person has given a name: an open socket without a hello
// would only be closed by the server's hello timeout.
if (prefs.session.name) connection.connect();
render();
