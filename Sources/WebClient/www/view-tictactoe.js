// The tic-tac-toe table: a 3×3 grid to tap, the score, `again` after a round and `restart`
// to reset the score once both seats ask.

import { el, fill } from './dom.js';
import { seatName, isMyTurn } from './state.js';
import { seatChip } from './view-common.js';
import { secondsLeft, formatSeconds } from './clock.js';

/** Renders the tic-tac-toe table into `root`. */
export function renderTicTacToe(root, ctx) {
  const { state } = ctx;
  const game = state.game;
  const mine = state.spectator ? null : state.seat;
  const myTurn = isMyTurn(state);
  const line = new Set(game.result?.line || []);
  const left = game.turn?.deadline ? secondsLeft(game.turn.deadline, ctx.now, state.clock.offset) : null;
  const cells = game.board.split('').map((mark, i) => el('button', {
    type: 'button', class: `cell ${mark === '.' ? 'empty' : mark}${line.has(i + 1) ? ' line' : ''}${game.lastCell === i + 1 ? ' last' : ''}`,
    dataset: { testid: 'cell', cell: String(i + 1) },
    'aria-label': `cell ${i + 1}${mark === '.' ? ', empty' : `, ${mark.toUpperCase()}`}`,
    disabled: !(myTurn && mark === '.'),
    onclick: () => ctx.act.mark(i + 1),
  }, mark === '.' ? '' : mark.toUpperCase()));
  let text;
  if (!game.round) text = 'Waiting for the game to start';
  else if (game.roundOver) {
    const winner = game.result?.winner;
    text = winner === undefined || winner === null ? `Round ${game.round}: a draw`
      : `Round ${game.round}: ${seatName(state, winner) === 'you' ? 'you win' : `${seatName(state, winner)} wins`}`;
  } else if (myTurn) text = `Your move as ${game.turn.mark.toUpperCase()}`;
  else if (game.turn) text = `${seatName(state, game.turn.seat)} to move (${game.turn.mark.toUpperCase()})`;
  else text = `Round ${game.round}`;
  const agreed = game.restartAgreed.map((seat) => seatName(state, seat));
  fill(root,
    el('div', { class: 'seats seats-2' }, [0, 1].map((seat) => seatChip(ctx, seat, {
      turn: game.turn?.seat === seat, me: seat === mine,
      detail: el('span', { class: 'count' }, `${seat === 0 ? 'O' : 'X'} · ${game.score[seat] ?? 0}`),
    }))),
    el('p', { class: 'note' }, game.round ? `Round ${game.round} · ${game.first.toUpperCase()} moved first` : ''),
    el('div', { class: 'grid ttt', role: 'grid', dataset: { testid: 'board' } }, cells),
    el('p', { class: `status${myTurn ? ' my-turn' : ''}`, role: 'status',
      dataset: { testid: 'status', myTurn: myTurn ? 'true' : 'false', canPass: 'false', moves: String(state.moves) } },
    el('span', { class: 'status-text' }, text),
    left !== null ? el('span', { class: 'clock' }, formatSeconds(left)) : null),
    mine !== null ? el('div', { class: 'actions' },
      el('button', { type: 'button', class: 'primary', dataset: { testid: 'again' },
        disabled: !game.roundOver || !!game.matchEnd, onclick: () => ctx.act.again() }, 'Again'),
      el('button', { type: 'button', dataset: { testid: 'restart' },
        disabled: !game.round || !!game.matchEnd || game.restartAgreed.includes(mine), onclick: () => ctx.act.restart() },
      'Restart 0–0')) : null,
    agreed.length ? el('p', { class: 'note' }, `restart asked by ${agreed.join(', ')}`) : null);
}
