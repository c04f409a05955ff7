// The memory table: the grid of face-down cards, each flip shown to everyone (a miss stays
// face up for a moment before it turns back), the pairs each seat found, and at the end the
// layout checked against its seed.

import { el, fill } from './dom.js';
import { seatName, isMyTurn } from './state.js';
import { seatChip, verifiedMark, readyPanel } from './view-common.js';
import { secondsLeft, formatSeconds } from './clock.js';

/** How long a missed pair stays face up for everyone to see. */
export const MISS_SHOWN_MS = 1600;

/** Renders the memory table into `root`. */
export function renderMemory(root, ctx) {
  const { state } = ctx;
  const game = state.game;
  const mine = state.spectator ? null : state.seat;
  const myTurn = isMyTurn(state);
  const missShown = game.miss && ctx.now - game.miss.at < MISS_SHOWN_MS ? game.miss : null;
  const left = game.turn?.deadline ? secondsLeft(game.turn.deadline, ctx.now, state.clock.offset) : null;
  const columns = (game.board.length || 16) <= 16 ? 4 : 6;
  const cards = game.board.map((face, i) => {
    const number = i + 1;
    const missIndex = missShown ? missShown.cards.indexOf(number) : -1;
    const shown = face ?? (missIndex >= 0 ? missShown.faces[missIndex] : null);
    const owner = game.owners[i];
    const classes = ['memory-card'];
    if (shown) classes.push('up');
    if (owner !== null && owner !== undefined) classes.push(`owner-${owner}`);
    if (missIndex >= 0) classes.push('missed');
    if (game.first === number) classes.push('first');
    return el('button', {
      type: 'button', class: classes.join(' '), dataset: { testid: 'memory-card', card: String(number) },
      'aria-label': shown ? `card ${number}: ${shown}` : `card ${number}, face down`,
      disabled: !myTurn || !!face || !!game.end,
      onclick: () => ctx.act.flip(number),
    }, shown ? el('span', { class: 'face' }, shown) : el('span', { class: 'number' }, String(number)));
  });
  let text;
  if (!game.game) text = 'Waiting for the game to start';
  else if (game.end) {
    text = game.end.winners.length === 1 ? `${seatName(state, game.end.winners[0])} found the most pairs`
      : `a tie: ${game.end.winners.map((seat) => seatName(state, seat)).join(', ')}`;
  } else if (myTurn) text = game.turn.flip === 2 ? 'Your turn: flip a second card' : 'Your turn: flip a card';
  else if (game.turn) text = `${seatName(state, game.turn.seat)} is flipping`;
  else text = '…';
  const seats = state.table.seats.map((s) => s.seat);
  fill(root,
    el('div', { class: `seats seats-${seats.length}` }, seats.map((seat) => seatChip(ctx, seat, {
      turn: game.turn?.seat === seat, me: seat === mine,
      detail: el('span', { class: `count owner-${seat}` }, `${game.scores[seat] ?? 0} pair${game.scores[seat] === 1 ? '' : 's'}`),
    }))),
    el('div', { class: 'grid memory', style: { gridTemplateColumns: `repeat(${columns}, 1fr)` },
      dataset: { testid: 'board' } }, cards),
    el('p', { class: `status${myTurn ? ' my-turn' : ''}`, role: 'status',
      dataset: { testid: 'status', myTurn: myTurn ? 'true' : 'false', canPass: 'false', moves: String(state.moves) } },
    el('span', { class: 'status-text' }, text),
    left !== null ? el('span', { class: 'clock' }, formatSeconds(left)) : null),
    game.end ? el('section', { class: 'panel', dataset: { testid: 'game-end' } },
      verifiedMark(game.end.verification, 'the layout'),
      game.matchEnd ? el('p', { class: 'match-over' }, 'Match over.') : readyPanel(ctx, 'game')) : null);
}
