// The roulette table: the wheel drawn with its segments, bets placed within the stake limit
// (tap segments, pick the chips), every seat's bets, and the spin with its payouts, checked
// against the seed.

import { el, fill, svg } from './dom.js';
import { seatName, isMyTurn } from './state.js';
import { seatChip, signed, verifiedMark, readyPanel } from './view-common.js';
import { secondsLeft, formatSeconds } from './clock.js';

const CHIP_SIZES = [1, 5, 10, 25];

function wheel(segments, result, picked) {
  const size = 220, centre = size / 2, radius = 104;
  const slices = [];
  for (let i = 0; i < segments; i++) {
    const a0 = (i / segments) * 2 * Math.PI - Math.PI / 2;
    const a1 = ((i + 1) / segments) * 2 * Math.PI - Math.PI / 2;
    const large = a1 - a0 > Math.PI ? 1 : 0;
    const p0 = [centre + radius * Math.cos(a0), centre + radius * Math.sin(a0)];
    const p1 = [centre + radius * Math.cos(a1), centre + radius * Math.sin(a1)];
    const mid = (a0 + a1) / 2;
    const label = [centre + radius * 0.72 * Math.cos(mid), centre + radius * 0.72 * Math.sin(mid)];
    const number = i + 1;
    const tone = number === result ? 'hit' : picked.has(number) ? 'picked' : i % 2 ? 'even' : 'odd';
    slices.push(svg('path', { class: `slice ${tone}`, d: `M${centre},${centre} L${p0[0].toFixed(2)},${p0[1].toFixed(2)} A${radius},${radius} 0 ${large} 1 ${p1[0].toFixed(2)},${p1[1].toFixed(2)} Z` }));
    slices.push(svg('text', { class: 'slice-label', x: label[0].toFixed(1), y: label[1].toFixed(1),
      'text-anchor': 'middle', 'dominant-baseline': 'central' }, String(number)));
  }
  const turn = result ? 360 * 3 - ((result - 0.5) / segments) * 360 : 0;
  return svg('svg', { class: 'wheel', viewBox: `0 0 ${size} ${size}`, role: 'img',
    'aria-label': result ? `the wheel stopped on ${result}` : `a wheel of ${segments} segments` },
  svg('g', { class: result ? 'spun' : '', style: { '--turn': `${turn}deg` } }, ...slices),
  svg('circle', { cx: centre, cy: centre, r: 14, class: 'hub' }),
  svg('path', { class: 'pointer', d: `M${centre - 8},2 L${centre + 8},2 L${centre},18 Z` }));
}

function betWords(bets) {
  if (!bets) return '…';
  if (!bets.length) return 'no bet';
  return bets.map((bet) => `${bet.chips} on ${bet.segment}`).join(', ');
}

/** Renders the roulette table into `root`. */
export function renderRoulette(root, ctx) {
  const { state, ui } = ctx;
  const game = state.game;
  const mine = state.spectator ? null : state.seat;
  const myTurn = isMyTurn(state);
  const segments = game.segments || state.table.segments || 12;
  const maxStake = game.maxStake || state.table.max_stake || 100;
  const left = game.turn?.deadline ? secondsLeft(game.turn.deadline, ctx.now, state.clock.offset) : null;
  const draft = ui.bets; // Map segment -> chips
  const staked = [...draft.values()].reduce((sum, chips) => sum + chips, 0);
  const result = game.spin?.result ?? null;
  const grid = el('div', { class: 'grid segments', dataset: { testid: 'segments' } },
    Array.from({ length: segments }, (_, i) => {
      const number = i + 1;
      const chips = draft.get(number) || 0;
      return el('button', { type: 'button', class: `segment${chips ? ' picked' : ''}${number === result ? ' hit' : ''}`,
        dataset: { testid: 'segment', segment: String(number) }, disabled: !myTurn || staked + ui.chip > maxStake,
        'aria-label': `segment ${number}${chips ? `, ${chips} chips` : ''}`,
        onclick: () => ctx.act.addChips(number) },
      el('span', { class: 'segment-number' }, String(number)), chips ? el('span', { class: 'chips' }, String(chips)) : null);
    }));
  const chipPicker = el('div', { class: 'chip-picker', role: 'radiogroup', 'aria-label': 'chips per tap' },
    CHIP_SIZES.filter((size) => size <= maxStake).map((size) => el('button', {
      type: 'button', class: `chip${ui.chip === size ? ' chosen' : ''}`, role: 'radio',
      'aria-checked': ui.chip === size ? 'true' : 'false', onclick: () => ctx.act.chooseChip(size) }, String(size))));
  let text;
  if (!game.round) text = 'Waiting for the game to start';
  else if (game.spin) text = `The wheel stops on ${result}`;
  else if (myTurn) text = `Your bets: up to ${maxStake} chips`;
  else if (game.turn) text = `${seatName(state, game.turn.seat)} is betting`;
  else text = 'The wheel spins…';
  const seats = state.table.seats.map((s) => s.seat);
  fill(root,
    el('div', { class: `seats seats-${seats.length}` }, seats.map((seat) => seatChip(ctx, seat, {
      turn: game.turn?.seat === seat, me: seat === mine,
      detail: el('span', { class: 'count' }, game.spin ? `${signed(game.spin.payouts[seat] ?? 0)} this round` : betWords(game.bets[seat])),
    }))),
    el('div', { class: 'felt wheel-box' }, wheel(segments, result, new Set(draft.keys()))),
    el('p', { class: `status${myTurn ? ' my-turn' : ''}`, role: 'status',
      dataset: { testid: 'status', myTurn: myTurn ? 'true' : 'false', canPass: 'false', moves: String(state.moves) } },
    el('span', { class: 'status-text' }, text),
    left !== null ? el('span', { class: 'clock' }, formatSeconds(left)) : null),
    myTurn ? el('div', { class: 'bet-form' }, chipPicker, grid,
      el('p', { class: 'note' }, `${staked} of ${maxStake} chips · a win pays ${segments - 1} to 1`),
      el('div', { class: 'actions' },
        el('button', { type: 'button', class: 'primary', dataset: { testid: 'bet' },
          onclick: () => ctx.act.bet() }, staked ? `Bet ${staked}` : 'No bet'),
        el('button', { type: 'button', onclick: () => ctx.act.clearBets(), disabled: !staked }, 'Clear'))) : null,
    game.spin ? el('section', { class: 'panel', dataset: { testid: 'spin' } },
      el('p', {}, `Round ${game.spin.round}: `, seats.map((seat) => `${seatName(state, seat)} ${signed(game.spin.payouts[seat] ?? 0)}`).join(', ')),
      verifiedMark(game.spin.verification, 'the spin'),
      game.matchEnd ? el('p', { class: 'match-over' }, 'Match over.') : readyPanel(ctx, 'round')) : null);
}
