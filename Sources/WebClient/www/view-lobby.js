// The lobby: the tables (a page at a time, as `list` pages them) with Sit and Watch, who is
// online, creating a table of any kind with its settings, history with replays, and each
// game's leaderboard.

import { el, fill } from './dom.js';
import { signed } from './view-common.js';

/** The kinds of table, as the protocol names them, and as people do. */
export const KINDS = [
  ['bigtwo', 'Big Two'], ['ecard', 'E-Card'], ['tictactoe', 'Tic-tac-toe'], ['memory', 'Memory'],
  ['roulette', 'Roulette'],
];
export const KIND_NAMES = Object.fromEntries(KINDS);

/**
 * The settings each kind offers on the create form: [field, label, control, default].
 * Defaults are the server's (protocol.md, `create`); a field left at its default is sent
 * all the same, so that what the form shows is what the table gets.
 */
const BOTS = ['random', 'greedy', 'smart', 'expert', 'master'];
const SETTINGS = {
  bigtwo: [
    ['rules', 'Rules', ['standard', 'taiwan'], 'standard'],
    ['bots', 'Bots', BOTS, 'smart'],
  ],
  ecard: [
    ['ecard.hands_per_match', 'Hands per match', 'number:1:1000', 12],
    ['ecard.swap_interval', 'Swap sides every', 'number:1:1000', 3],
    ['ecard.slave_payout', 'Slave pays', ['5', '10'], '5'],
    ['bots', 'Bot', ['random', 'smart'], 'smart'],
  ],
  tictactoe: [
    ['first', 'First move', ['o', 'x'], 'o'],
    ['bots', 'Bot', ['random', 'greedy', 'smart'], 'smart'],
  ],
  memory: [
    ['pairs', 'Pairs', 'number:2:26', 8],
    ['seats', 'Seats', 'number:1:4', 2],
    ['bots', 'Bots', ['random', 'greedy', 'smart'], 'smart'],
  ],
  roulette: [
    ['segments', 'Segments', 'number:2:36', 12],
    ['max_stake', 'Stake limit', 'number:1:1000000', 100],
    ['seats', 'Seats', 'number:1:8', 4],
  ],
};
const COMMON = [
  ['games', 'Games (empty: no limit)', 'number:1:100000', ''],
  ['turn_seconds', 'Seconds per turn (0: no clock)', 'number:0:3600', 60],
  ['pause', 'Pause between games (s)', 'number:0:300', 5],
];

function control(field, label, kind, value) {
  const id = `create-${field.replace('.', '-')}`;
  let input;
  if (Array.isArray(kind)) {
    input = el('select', { id, name: field }, kind.map((option) =>
      el('option', { value: option, selected: String(option) === String(value) }, option)));
  } else {
    const [, min, max] = kind.split(':');
    input = el('input', { id, name: field, type: 'number', inputmode: 'numeric', min, max,
      value: String(value) });
  }
  return el('label', { class: 'field', for: id }, el('span', {}, label), input);
}

/** The create form's request from its fields: only the kind's own settings. */
export function createRequest(form) {
  const kind = form.querySelector('[data-testid="create-kind"]').value;
  const request = { type: 'create', kind };
  const name = form.querySelector('#create-name').value.trim();
  if (name) request.name = name;
  const details = form.querySelector('details.settings');
  if (!details || !details.open) return request;
  for (const [field, , type] of [...SETTINGS[kind], ...COMMON]) {
    const input = form.querySelector(`[name="${field}"]`);
    if (!input || input.value === '') continue;
    const value = typeof type === 'string' || field === 'ecard.slave_payout' ? Number(input.value) : input.value;
    if (field.startsWith('ecard.')) {
      request.ecard = { ...(request.ecard || {}), [field.slice(6)]: value };
    } else request[field] = value;
  }
  return request;
}

/** Builds the create form (once: it keeps what the person typed). */
export function buildCreateForm(act) {
  const kindSelect = el('select', { id: 'create-kind', dataset: { testid: 'create-kind' } },
    KINDS.map(([value, label]) => el('option', { value }, label)));
  const settingsBox = el('div', { class: 'settings-fields' });
  const showSettings = () => fill(settingsBox,
    [...SETTINGS[kindSelect.value], ...COMMON].map(([field, label, kind, value]) =>
      control(field, label, kind, value)));
  kindSelect.addEventListener('change', showSettings);
  showSettings();
  const form = el('form', { class: 'panel create', dataset: { testid: 'create' },
    onsubmit: (event) => {
      event.preventDefault();
      act.create(createRequest(form));
    } },
  el('h2', {}, 'New table'),
  el('label', { class: 'field', for: 'create-kind' }, el('span', {}, 'Game'), kindSelect),
  el('label', { class: 'field', for: 'create-name' }, el('span', {}, 'Name (optional)'),
    el('input', { id: 'create-name', type: 'text', maxlength: '40', autocomplete: 'off' })),
  el('details', { class: 'settings' }, el('summary', {}, 'More settings'), settingsBox),
  el('button', { type: 'submit', class: 'primary', dataset: { testid: 'create-submit' } },
    'Create and sit down'));
  return form;
}

function seatsWords(table) {
  return table.seats.map((seat) => {
    if (seat.player) return seat.connected ? seat.player : `${seat.player} (away)`;
    return table.status === 'waiting' ? 'free' : 'bot';
  }).join(' · ');
}

function canSit(table) {
  return table.status !== 'finished' && table.seats.some((seat) => !seat.player);
}

function tableRow(table, act) {
  const games = table.games ? ` · game ${Math.min(table.games_played + 1, table.games)}/${table.games}`
    : table.games_played ? ` · ${table.games_played} played` : '';
  return el('li', { class: 'table-row', dataset: { testid: 'table-row', table: String(table.id) } },
    el('div', { class: 'table-info' },
      el('p', { class: 'table-name' }, el('span', { class: 'kind-badge' }, KIND_NAMES[table.kind] || table.kind),
        ' ', table.name),
      el('p', { class: 'note' }, `#${table.id} · ${table.status}${games}`,
        table.spectators ? ` · ${table.spectators} watching` : ''),
      el('p', { class: 'table-seats' }, seatsWords(table))),
    el('div', { class: 'row-actions' },
      el('button', { type: 'button', class: 'primary', disabled: !canSit(table),
        dataset: { testid: 'join' }, onclick: () => act.join(table.id) }, 'Sit'),
      el('button', { type: 'button', dataset: { testid: 'watch' }, onclick: () => act.watch(table.id) },
        'Watch')));
}

function tablesPanel(state, ui, act) {
  const list = state.tables.list;
  return el('section', { class: 'panel', 'aria-label': 'tables' },
    el('div', { class: 'panel-head' }, el('h2', {}, 'Tables'),
      el('button', { type: 'button', class: 'quiet', onclick: () => act.list(state.tables.cursor) }, '↻')),
    list.length ? el('ul', { class: 'tables', dataset: { testid: 'tables' } }, list.map((table) => tableRow(table, act)))
      : el('p', { class: 'note', dataset: { testid: 'no-tables' } }, 'No tables yet: create one above.'),
    (state.tables.cursor !== null || state.tables.nextCursor !== null) ? el('div', { class: 'pager' },
      el('button', { type: 'button', disabled: state.tables.cursor === null, dataset: { testid: 'tables-earlier' },
        onclick: () => act.listBack() }, '‹ Earlier'),
      el('button', { type: 'button', disabled: state.tables.nextCursor === null, dataset: { testid: 'tables-later' },
        onclick: () => act.nextPage(state.tables.nextCursor) }, 'Later ›')) : null);
}

function whoPanel(state) {
  if (!state.who.length) return null;
  return el('section', { class: 'panel', 'aria-label': 'who is online' },
    el('h2', {}, `Online (${state.who.length})`),
    el('ul', { class: 'who', dataset: { testid: 'who' } }, state.who.map((player) => el('li', {}, player.name,
      player.table ? el('span', { class: 'note' }, player.watching ? ` watching #${player.table}` : ` at #${player.table}`)
        : el('span', { class: 'note' }, ' in the lobby')))));
}

function lastResultPanel(state, act) {
  const result = state.lastResult;
  if (!result) return null;
  const rows = result.totals.map((total, seat) => el('li', {}, `${result.names[seat] ?? `seat ${seat + 1}`} ${signed(total)}`));
  return el('section', { class: 'panel result', dataset: { testid: 'match-result' } },
    el('div', { class: 'panel-head' }, el('h2', {}, `${result.name ?? 'Your table'}: final totals`),
      el('button', { type: 'button', class: 'quiet', 'aria-label': 'dismiss', onclick: () => act.dismissResult() }, '✕')),
    el('ul', { class: 'totals' }, rows));
}

function historyPanel(state, act) {
  const history = state.history;
  return el('section', { class: 'panel', 'aria-label': 'history' },
    el('div', { class: 'panel-head' }, el('h2', {}, 'History'),
      el('label', { class: 'inline' }, el('input', { type: 'checkbox', checked: !!history?.player,
        onchange: (event) => act.history(event.target.checked ? state.me?.name : null, null) }), ' mine')),
    !history ? el('p', { class: 'note' }, 'Loading…')
      : !history.deals.length ? el('p', { class: 'note' }, 'No finished games yet.')
        : el('ul', { class: 'history', dataset: { testid: 'history' } }, history.deals.map((deal) => el('li', {},
          el('p', {}, el('span', { class: 'kind-badge' }, KIND_NAMES[deal.kind] || deal.kind), ` ${deal.table_name} · `,
            deal.kind === 'ecard' ? `match ${deal.deal}` : `${deal.kind === 'bigtwo' ? 'deal' : 'game'} ${deal.deal}`),
          el('p', { class: 'note' }, deal.outcome || ''),
          el('p', { class: 'note' }, (deal.labels || deal.players).map((name, seat) => `${name} ${signed(deal.scores[seat] ?? 0)}`).join(', ')),
          el('button', { type: 'button', dataset: { testid: 'replay', record: String(deal.record) },
            onclick: () => act.record(deal.kind === 'ecard' && deal.hands?.length ? deal.hands[0].record : deal.record) },
          'Replay')))),
    history?.nextCursor ? el('button', { type: 'button', onclick: () => act.history(history.player, history.nextCursor) },
      'Older ›') : null);
}

function leaderboardPanel(state, ui, act) {
  const board = state.leaderboard;
  const kindSelect = el('select', { 'aria-label': 'game', dataset: { testid: 'leaderboard-kind' }, onchange: (event) => act.leaderboard(event.target.value, null) },
    KINDS.map(([value, label]) => el('option', { value, selected: (board?.kind || 'bigtwo') === value }, label)));
  return el('section', { class: 'panel', 'aria-label': 'leaderboard' },
    el('div', { class: 'panel-head' }, el('h2', {}, 'Leaderboard'), kindSelect),
    !board ? el('p', { class: 'note' }, 'Loading…')
      : !board.players.length ? el('p', { class: 'note' }, 'No scores yet.')
        : el('ol', { class: 'leaderboard', dataset: { testid: 'leaderboard' }, start: String(board.start + 1) }, board.players.map((row) => el('li', {},
          el('span', { class: 'lb-name' }, row.name), el('span', { class: 'num' }, signed(row.score)),
          el('span', { class: 'note' }, ` ${row.wins}/${row.deals} won`)))),
    board?.nextCursor ? el('button', { type: 'button', onclick: () => act.leaderboard(board.kind, board.nextCursor) }, 'More ›') : null);
}

/** Renders the lobby's changing parts into `root` (the create form is kept apart). */
export function renderLobby(root, ctx) {
  const { state, ui, act } = ctx;
  const tabs = [['tables', 'Tables'], ['history', 'History'], ['leaderboard', 'Leaders']];
  fill(root,
    lastResultPanel(state, act),
    el('nav', { class: 'tabs', role: 'tablist' }, tabs.map(([id, label]) => el('button', {
      type: 'button', role: 'tab', 'aria-selected': ui.lobbyTab === id ? 'true' : 'false',
      class: ui.lobbyTab === id ? 'chosen' : '', dataset: { testid: `tab-${id}` },
      onclick: () => act.lobbyTab(id) }, label))),
    ui.lobbyTab === 'history' ? historyPanel(state, act)
      : ui.lobbyTab === 'leaderboard' ? leaderboardPanel(state, ui, act)
        : [tablesPanel(state, ui, act), whoPanel(state)]);
}
