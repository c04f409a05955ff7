// The Big Two table: the other seats, the play to beat, the turn line with its countdown,
// your hand (sorted by rank or by suit, tap to select), the combination named as you
// select, Play / Pass / Hint, the last-card alert and the deal-end panel with its check.

import { el, fill } from './dom.js';
import { cardFace, cardBack, cardRow } from './view-cards.js';
import { sortByRank, sortBySuit, withDefaults, cardFace as faceText } from './cards.js';
import { judgeSelection, classify, describe, kindName } from './combos.js';
import { seatName, isMyTurn } from './state.js';
import { secondsLeft, formatSeconds } from './clock.js';
import { seatChip, signed, readyPanel, verifiedMark } from './view-common.js';

/** The seats in the order they play after the receiver's (the receiver last). */
function seatOrder(count, mine) {
  const start = mine === null || mine === undefined ? 0 : mine + 1;
  return Array.from({ length: count }, (_, i) => (start + i) % count);
}

function statusLine(ctx, deal) {
  const { state } = ctx;
  const mine = isMyTurn(state);
  const turn = deal?.turn;
  const left = turn?.deadline ? secondsLeft(turn.deadline, ctx.now, state.clock.offset) : null;
  let text;
  if (!deal) text = state.table.status === 'waiting' ? 'Waiting for the game to start' : 'Between deals';
  else if (ctx.state.game.end) text = 'The deal is over';
  else if (!turn) text = 'Waiting…';
  else if (mine) {
    if (turn.leading) {
      text = turn.must_include ? `Your lead: include ${faceText(turn.must_include)}` : 'Your lead: play anything';
    } else {
      const current = deal.tablePlay ? classify(deal.tablePlay.cards, state.table.options) : null;
      text = `Your turn: beat ${current ? describe(current) : 'the table'} or pass`;
    }
  } else {
    text = `${seatName(state, turn.seat)} to play`;
  }
  return el('p', {
    class: `status${mine ? ' my-turn' : ''}${left !== null && left <= 10 ? ' hurry' : ''}`,
    dataset: {
      testid: 'status', myTurn: mine ? 'true' : 'false',
      canPass: mine && turn?.can_pass ? 'true' : 'false',
      moves: String(state.moves), deal: String(deal?.deal ?? 0),
    },
    role: 'status',
  }, el('span', { class: 'status-text' }, text),
  left !== null ? el('span', {
    class: 'clock', 'aria-label': `${left} seconds left`,
    dataset: { testid: 'turn-clock', seconds: String(left) },
  }, formatSeconds(left)) : null);
}

function tableCentre(ctx, deal) {
  const { state, settings } = ctx;
  if (!deal) {
    return el('div', { class: 'centre empty' }, state.table.status === 'waiting'
      ? el('button', { type: 'button', class: 'invite-big', onclick: () => ctx.act.invite() },
        'Show the QR code to invite friends') : '');
  }
  if (deal.tablePlay) {
    const play = deal.tablePlay;
    const combo = classify(play.cards, state.table.options);
    return el('div', { class: 'centre', dataset: { testid: 'table-play', seat: String(play.seat), cards: play.cards.join(' ') } },
      cardRow(play.cards, settings.fourColour, 'medium'),
      el('p', { class: 'centre-caption' },
        `${combo ? describe(combo) : kindName(play.combo)} · ${seatName(state, play.seat)}`));
  }
  const leader = deal.turn ? seatName(state, deal.turn.seat) : null;
  return el('div', { class: 'centre empty' },
    el('p', { class: 'centre-caption' }, leader ? `${leader === 'you' ? 'You lead' : `${leader} leads`} a new trick` : ''));
}

function lastMoveLine(ctx, deal) {
  const move = deal?.lastMove;
  if (!move) return null;
  const who = seatName(ctx.state, move.seat);
  const what = move.kind === 'pass' ? 'passed' : `played ${move.cards.map(faceText).join(' ')}`;
  return el('p', { class: 'last-move' }, `${who} ${what}${move.timedOut ? ' (out of time)' : ''}`);
}

function seats(ctx, deal) {
  const { state } = ctx;
  const count = state.table.seats.length;
  const mine = state.spectator ? null : state.seat;
  const order = seatOrder(count, mine).filter((seat) => seat !== mine);
  return el('div', { class: `seats seats-${order.length}` }, order.map((seat) => {
    const cards = deal ? deal.cardCounts[seat] : null;
    const badges = [];
    if (deal && deal.passed.includes(seat) && !deal.turn?.leading) badges.push(['passed', 'passed']);
    if (cards === 1) badges.push(['last card!', 'alert']);
    return seatChip(ctx, seat, {
      turn: deal?.turn?.seat === seat && !state.game.end,
      detail: cards === null || cards === undefined ? null
        : [el('span', { class: 'count' }, cardBack({ size: 'tiny', label: '' }), ` ${cards}`),
          seatPlay(deal, seat)],
      badges,
    });
  }));
}

/** What the seat played last in this trick, as text (it fits a narrow seat when it wraps). */
function seatPlay(deal, seat) {
  const cards = deal?.seatPlays?.[seat];
  if (!cards || !cards.length) return null;
  return el('span', {
    class: 'seat-play', dataset: { testid: 'seat-play', cards: cards.join(' ') },
    'aria-label': 'played in this trick',
  }, cards.map(faceText).join(' '));
}

function lastCardBanner(ctx, deal) {
  if (!deal || ctx.state.game.end) return null;
  const others = deal.lastCard.filter((seat) => deal.cardCounts[seat] === 1);
  if (!others.length) return null;
  const names = others.map((seat) => seatName(ctx.state, seat));
  const you = names.includes('you');
  return el('div', { class: 'banner alert', role: 'alert', dataset: { testid: 'last-card' } },
    'Last card! ', names.join(' and '), you && names.length === 1 ? ' hold one card' : ' holds one card');
}

function handView(ctx, deal) {
  const { state, ui, settings } = ctx;
  const options = withDefaults(state.table.options);
  const hand = deal?.hand || [];
  const sorted = ui.sort === 'suit' ? sortBySuit(hand, options) : sortByRank(hand, options);
  const mine = isMyTurn(state);
  const selected = [...ui.selected].filter((card) => hand.includes(card));
  const judged = judgeSelection(sortByRank(selected, options), {
    options, turn: mine ? deal.turn : null, firstPlay: deal ? deal.played.length === 0 : false,
  });
  const handNode = el('div', { class: `hand${mine ? ' active' : ''}`, dataset: { testid: 'hand' },
    role: 'group', 'aria-label': 'your cards' },
  sorted.map((code) => cardFace(code, {
    fourColour: settings.fourColour, selected: ui.selected.has(code),
    onTap: (card) => ctx.act.toggleCard(card),
  })));
  const canPass = mine && !!deal.turn?.can_pass;
  const buttons = el('div', { class: 'actions' },
    el('button', { class: 'primary', type: 'button', dataset: { testid: 'play' },
      disabled: !(mine && judged.playable), onclick: () => ctx.act.play(sortByRank(selected, options)) },
    'Play'),
    el('button', { type: 'button', dataset: { testid: 'pass' }, disabled: !canPass,
      onclick: () => ctx.act.pass() }, 'Pass'),
    el('button', { type: 'button', dataset: { testid: 'hint' }, disabled: !mine,
      onclick: () => ctx.act.hint() }, 'Hint'),
    el('button', { type: 'button', class: 'quiet', dataset: { testid: 'sort' },
      'aria-label': `sort by ${ui.sort === 'suit' ? 'rank' : 'suit'}`,
      onclick: () => ctx.act.toggleSort() }, ui.sort === 'suit' ? 'By rank' : 'By suit'));
  // A hint at this turn that found nothing to play says so where the selection is named.
  const hintSaysPass = mine && state.hint?.seat === state.seat && state.hint.plays?.length === 0
    && state.hint.can_pass;
  const label = el('p', { class: `selection${judged.playable ? ' ok' : ''}`, dataset: { testid: 'combo' },
    'aria-live': 'polite' }, judged.label || (hintSaysPass ? 'Nothing beats it: pass'
    : mine ? 'Tap cards to select them' : ''));
  return [label, handNode, buttons];
}

function dealEndPanel(ctx) {
  const { state, settings } = ctx;
  const game = state.game;
  const end = game.end;
  if (!end) return null;
  const rows = end.hands.map((hand, seat) => el('tr', { class: seat === end.winner ? 'winner' : '' },
    el('th', { scope: 'row' }, seatName(state, seat), seat === end.liable_seat ? ' (paid all)' : ''),
    el('td', { class: 'left-cards' }, hand.length ? cardRow(hand, settings.fourColour, 'tiny') : 'out'),
    el('td', { class: 'num' }, signed(end.scores[seat])),
    el('td', { class: 'num total' }, signed(end.totals[seat]),
      end.player_totals && end.player_totals[seat] !== null && end.player_totals[seat] !== undefined
        && end.player_totals[seat] !== end.totals[seat]
        ? el('span', { class: 'own' }, ` (own ${signed(end.player_totals[seat])})`) : null)));
  const match = game.matchEnd;
  return el('section', { class: 'panel deal-end', dataset: { testid: 'deal-end' }, 'aria-label': 'deal over' },
    el('h2', {}, `${seatName(state, end.winner) === 'you' ? 'You went out!' : `${seatName(state, end.winner)} went out`}`),
    el('table', { class: 'scores' },
      el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, 'left'), el('th', { class: 'num' }, 'deal'),
        el('th', { class: 'num' }, 'total'))),
      el('tbody', {}, rows)),
    verifiedMark(end.verification, 'the deal'),
    match ? el('p', { class: 'match-over' }, `Match over after ${match.games} game${match.games === 1 ? '' : 's'}.`)
      : readyPanel(ctx, 'deal'));
}

/** Renders the Big Two table into `root`. */
export function renderBigTwo(root, ctx) {
  const deal = ctx.state.game?.deal || null;
  const mine = ctx.state.spectator ? null : ctx.state.seat;
  fill(root,
    seats(ctx, deal),
    el('div', { class: 'felt' }, tableCentre(ctx, deal), lastMoveLine(ctx, deal)),
    lastCardBanner(ctx, deal),
    statusLine(ctx, deal),
    dealEndPanel(ctx),
    ...(mine !== null && deal?.hand ? handView(ctx, deal) : []),
    mine !== null && deal?.reserved ? el('p', { class: 'note' }, 'Your seat is yours from the next deal.') : null,
    mine !== null ? seatChip(ctx, mine, { turn: isMyTurn(ctx.state), me: true,
      detail: deal ? [el('span', { class: 'count' }, `${deal.cardCounts[mine] ?? ''} cards`), seatPlay(deal, mine)]
        : null }) : null,
  );
}
