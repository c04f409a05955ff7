// Pieces every table view uses: a seat's chip, signed numbers, the verified mark, the ready
// check between games with its countdown.

import { el } from './dom.js';
import { seatName } from './state.js';
import { secondsLeft, formatSeconds } from './clock.js';

/** A score change or total with its sign: `+5`, `−7`, `0`. */
export function signed(value) {
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${-value}`;
  return '0';
}

/**
 * A seat: its name (or bot), whether its person is away, its running total, the turn and
 * its countdown, and what the game adds (`detail`, `badges` as [text, tone]).
 */
export function seatChip(ctx, seat, { turn = false, me = false, detail = null, badges = [], showTotal = true } = {}) {
  const { state } = ctx;
  const info = state.table.seats.find((s) => s.seat === seat) || {};
  const free = !info.player && state.table.status === 'waiting';
  const name = me ? (state.me?.name || 'you') : free ? 'free seat' : seatName(state, seat);
  const away = info.player && (!info.connected || info.bot);
  const total = state.table.totals?.[seat];
  const deadline = turn ? (state.game?.deal?.turn?.deadline || state.game?.turn?.deadline) : null;
  const left = deadline ? secondsLeft(deadline, ctx.now, state.clock.offset) : null;
  return el('div', {
    class: `seat${turn ? ' turn' : ''}${me ? ' me' : ''}${away ? ' away' : ''}${free ? ' free' : ''}`,
    dataset: { seat: String(seat), testid: me ? 'my-seat' : 'seat' },
  },
  el('span', { class: 'seat-name' }, name, me ? ' (you)' : ''),
  away ? el('span', { class: 'tag away' }, 'away · bot plays') : null,
  detail,
  total !== undefined && showTotal ? el('span', { class: 'seat-total', 'aria-label': 'total' }, signed(total),
    info.player_total !== undefined && info.player_total !== total
      ? el('span', { class: 'own', 'aria-label': `${info.player}'s own total` }, ` (own ${signed(info.player_total)})`) : null) : null,
  left !== null && !me ? el('span', { class: 'seat-clock' }, formatSeconds(left)) : null,
  badges.map(([text, tone]) => el('span', { class: `tag ${tone}` }, text)));
}

/** The result of checking a game against its revealed seed. */
export function verifiedMark(verification, what) {
  if (!verification) return null;
  if (verification.verified) {
    return el('details', { class: 'verified ok', dataset: { testid: 'verified', verified: 'true' } },
      el('summary', {}, `✓ verified: ${what} came from the seed the server committed to`),
      el('ul', {}, verification.checks.map((line) => el('li', {}, line))));
  }
  return el('details', { class: 'verified bad', open: true, dataset: { testid: 'verified', verified: 'false' } },
    el('summary', {}, `✗ not verified: ${what} does not match the seed the server committed to`),
    el('ul', {}, verification.problems.map((line) => el('li', {}, line))));
}

/** The ready check in the pause between games: who is ready, a countdown, a button. */
export function readyPanel(ctx, word) {
  const { state } = ctx;
  const check = state.readyCheck && state.readyCheck.table === state.table?.id
    ? state.readyCheck : null;
  if (state.spectator || state.seat === null) {
    return el('p', { class: 'note' }, `The next ${word} starts shortly.`);
  }
  const left = check?.deadline ? secondsLeft(check.deadline, ctx.now, state.clock.offset) : null;
  const ready = check ? check.ready.map((seat) => seatName(state, seat)) : [];
  const iAmReady = state.ready || (check && check.ready.includes(state.seat));
  return el('div', { class: 'ready-check', dataset: { testid: 'ready-check' } },
    el('button', { type: 'button', class: 'primary', dataset: { testid: 'ready' }, disabled: iAmReady,
      onclick: () => ctx.act.ready() }, iAmReady ? 'Ready ✓' : `Ready for the next ${word}`),
    el('p', { class: 'note' },
      left !== null ? `Next ${word} in ${formatSeconds(left)}` : `The next ${word} starts soon`,
      ready.length ? ` · ready: ${ready.join(', ')}` : ''));
}
