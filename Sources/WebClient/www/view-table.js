// The frame around every game: the table's name and kind, Start and Leave, whether you
// watch, life at the table (who sat down, dropped, came back), then the game's own view.

import { el, fill } from './dom.js';
import { KIND_NAMES } from './view-lobby.js';
import { renderBigTwo } from './view-bigtwo.js';
import { renderECard } from './view-ecard.js';
import { renderTicTacToe } from './view-tictactoe.js';
import { renderMemory } from './view-memory.js';
import { renderRoulette } from './view-roulette.js';

const VIEWS = { bigtwo: renderBigTwo, ecard: renderECard, tictactoe: renderTicTacToe,
  memory: renderMemory, roulette: renderRoulette };

function gamesWords(table) {
  if (table.games) return `game ${Math.min(table.games_played + 1, table.games)} of ${table.games}`;
  return table.games_played ? `${table.games_played} played` : 'no game limit';
}

/** Renders the table screen's header and game into `head` and `game`, events into `events`. */
export function renderTable({ head, game, events }, ctx) {
  const { state, act } = ctx;
  const table = state.table;
  const seated = !state.spectator && state.seat !== null;
  const over = ctx.ended || state.game?.matchEnd;
  fill(head,
    el('div', { class: 'table-title' },
      el('h1', {}, table.name),
      el('p', { class: 'note' }, `${KIND_NAMES[table.kind] || table.kind} · #${table.id} · ${gamesWords(table)}`,
        table.turn_seconds ? ` · ${table.turn_seconds} s a turn` : '',
        table.spectators ? ` · ${table.spectators} watching` : '')),
    el('div', { class: 'table-buttons' },
      table.status === 'waiting' && seated ? el('button', { type: 'button', class: 'primary',
        dataset: { testid: 'start' }, onclick: () => act.start() }, 'Start') : null,
      ctx.ended ? el('button', { type: 'button', class: 'primary', dataset: { testid: 'back-to-lobby' },
        onclick: () => act.backToLobby() }, 'Lobby')
        : el('button', { type: 'button', dataset: { testid: 'leave' }, onclick: () => act.leave() },
          seated ? 'Leave' : 'Stop watching')));
  const waiting = table.status === 'waiting' ? el('p', { class: 'banner' },
    seated ? 'Invite friends, then press Start: bots take the empty seats.'
      : 'Waiting for the players to start.') : null;
  const view = VIEWS[table.kind];
  const body = el('div', { class: `game game-${table.kind}` });
  if (view) view(body, ctx);
  else fill(body, el('p', {}, `This page does not know how to show ${table.kind} yet.`));
  const overBanner = over ? el('div', { class: 'banner', dataset: { testid: 'game-over' }, role: 'status' },
    `Match over after ${state.game.matchEnd?.games ?? table.games_played} game${(state.game.matchEnd?.games ?? 2) === 1 ? '' : 's'}. `,
    ctx.ended ? el('button', { type: 'button', class: 'primary', onclick: () => act.backToLobby() }, 'Back to the lobby') : null)
    : null;
  const storage = state.storage && state.storage.state !== 'ok'
    && (state.storage.table === undefined || state.storage.table === table.id)
    ? el('div', { class: 'banner alert', role: 'alert', dataset: { testid: 'storage' } }, state.storage.message)
    : null;
  fill(game, state.spectator ? el('p', { class: 'banner quiet' }, 'You are watching.') : null, waiting,
    storage, overBanner, body);
  const recent = state.events.slice(-6).reverse();
  fill(events, recent.map((event) => el('li', { class: `event ${event.tone}` }, event.text)));
}
