// The E-Card table: your side and cards, the two cards laid face down, the reveal of both at
// once, the plays of the hand so far, the hand's payout, and when the sides swap.

import { el, fill } from './dom.js';
import { seatName, isMyTurn } from './state.js';
import { seatChip, signed, readyPanel } from './view-common.js';
import { secondsLeft, formatSeconds } from './clock.js';

const CARD_NAMES = { emperor: 'Emperor', citizen: 'Citizen', slave: 'Slave' };
const CARD_ICONS = { emperor: '♚', citizen: '☺', slave: '⚒' };

function eCardFace(name, { onTap = null, disabled = false, faded = false } = {}) {
  const children = [el('span', { class: 'ecard-icon', 'aria-hidden': 'true' }, CARD_ICONS[name] || '?'),
    el('span', { class: 'ecard-name' }, CARD_NAMES[name] || name)];
  const classes = `ecard ${name}${faded ? ' faded' : ''}`;
  if (!onTap) return el('span', { class: classes, role: 'img', 'aria-label': CARD_NAMES[name] }, children);
  return el('button', { class: classes, type: 'button', disabled, dataset: { testid: 'ecard-card', card: name },
    onclick: () => onTap(name) }, children);
}

function eCardBack(label) {
  return el('span', { class: 'ecard back', role: 'img', 'aria-label': label });
}

function outcomeWords(state, reveal) {
  if (reveal.outcome === 'draw') return 'draw: two citizens, play on';
  const winner = seatName(state, reveal.winner ?? Number(reveal.outcome.replace('seat ', '')));
  const verb = winner === 'you' ? 'win' : 'wins';
  const side = reveal.winning_side ? ` with the ${CARD_NAMES[reveal.winning_side]} side` : '';
  return `${winner} ${verb}${side}${reveal.payout ? ` (+${reveal.payout})` : ''}`;
}

/** Renders the E-Card table into `root`. */
export function renderECard(root, ctx) {
  const { state } = ctx;
  const game = state.game;
  const options = state.table.ecard || { hands_per_match: 12, swap_interval: 3 };
  const mine = state.spectator ? null : state.seat;
  const other = mine === null ? 1 : 1 - mine;
  const myTurn = isMyTurn(state);
  const turn = game.turn;
  const left = turn?.deadline ? secondsLeft(turn.deadline, ctx.now, state.clock.offset) : null;
  const lastReveal = game.reveals[game.reveals.length - 1];
  const swapIn = game.hand ? options.swap_interval - ((game.hand - 1) % options.swap_interval) : null;

  const status = el('p', { class: `status${myTurn ? ' my-turn' : ''}`, role: 'status',
    dataset: { testid: 'status', myTurn: myTurn ? 'true' : 'false', canPass: 'false', moves: String(state.moves) } },
  el('span', { class: 'status-text' }, !game.hand ? 'Waiting for the match to start'
    : game.matchOver ? 'The match is over'
      : myTurn ? (turn.first ? 'Your turn: lay a card face down first' : 'Your turn: lay your card')
        : turn ? `${seatName(state, turn.seat)} is choosing a card` : 'Revealing…'),
  left !== null ? el('span', { class: 'clock' }, formatSeconds(left)) : null);

  const laidSlot = (seat) => {
    if (game.laid.includes(seat)) {
      if (seat === mine && game.myLaid && game.myLaid !== 'laid') return eCardFace(game.myLaid, { faded: true });
      return eCardBack(`${seatName(state, seat)} laid a card`);
    }
    return el('span', { class: 'ecard slot' }, '');
  };
  const arena = el('div', { class: 'felt ecard-arena' },
    el('div', { class: 'ecard-lane' }, el('span', { class: 'lane-name' }, seatName(state, other)), laidSlot(other)),
    lastReveal ? el('div', { class: 'reveal', dataset: { testid: 'reveal' } },
      eCardFace(lastReveal.cards[other]), el('span', { class: 'vs' }, 'vs'), eCardFace(lastReveal.cards[mine ?? 0]),
      el('p', { class: 'centre-caption' }, `play ${lastReveal.play}: ${outcomeWords(state, lastReveal)}`))
      : el('p', { class: 'centre-caption' }, game.hand ? 'Both cards are shown together' : ''),
    el('div', { class: 'ecard-lane' }, el('span', { class: 'lane-name' }, mine === null ? seatName(state, 0) : 'you'),
      laidSlot(mine ?? 0)));

  const info = game.hand ? el('p', { class: 'note' },
    `Hand ${game.hand} of ${options.hands_per_match}`,
    game.side ? ` · you hold the ${CARD_NAMES[game.side]} side` : ` · ${seatName(state, game.emperorSeat)} holds the Emperor`,
    swapIn === 1 ? ' · sides swap after this hand' : ` · sides swap in ${swapIn} hands`,
    game.swapped ? ' · the sides just swapped' : '') : null;

  const result = game.handResult ? el('div', { class: 'banner', role: 'alert' },
    `Hand ${game.handResult.hand}: ${outcomeWords(state, game.handResult)}`) : null;

  const hand = mine !== null && game.cards.length ? el('div', { class: 'ecard-hand', dataset: { testid: 'hand' } },
    game.cards.map((name) => eCardFace(name, {
      onTap: (card) => ctx.act.lay(card),
      disabled: !myTurn || game.laid.includes(mine),
    }))) : null;

  const plays = game.reveals.length ? el('ol', { class: 'plays' }, game.reveals.map((reveal) => el('li', {},
    `${CARD_NAMES[reveal.cards[0]]} vs ${CARD_NAMES[reveal.cards[1]]}: ${outcomeWords(state, reveal)}`))) : null;

  const totals = game.totals || state.table.totals;
  fill(root,
    el('div', { class: 'seats seats-2' }, [0, 1].map((seat) => seatChip(ctx, seat, {
      turn: turn?.seat === seat, me: seat === mine,
      detail: game.totals ? el('span', { class: 'count', 'aria-label': 'this match' },
        `match ${signed(totals[seat])}`) : null,
      showTotal: false,
    }))),
    info, arena, status, result, hand, plays,
    game.matchOver && !game.matchEnd ? null : game.matchEnd ? readyPanel(ctx, 'match') : null);
}
