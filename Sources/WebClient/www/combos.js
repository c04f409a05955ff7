// Big Two combinations under a table's options, exactly as the server classifies and compares
// them (straight rules, flush order, bombs), so that the page can name a selection and enable
// Play only for a play the server accepts. Pure: no DOM, no network.

import {
  parseCard, suitRank, withDefaults, cardFace, rankFace, SUIT_SYMBOLS, lowestCard,
} from './cards.js';

/** Combination kinds in the protocol's words, lowest first; five-card kinds beat lower ones. */
export const KINDS = [
  'single', 'pair', 'triple', 'straight', 'flush', 'full_house', 'four_of_a_kind',
  'straight_flush',
];

/** The cards a combination of a kind holds. */
export function kindSize(kind) {
  return { single: 1, pair: 2, triple: 3 }[kind] || 5;
}

/** A kind as people say it: `full house`. */
export function kindName(kind) {
  return { four_of_a_kind: 'four of a kind', full_house: 'full house',
    straight_flush: 'straight flush' }[kind] || kind;
}

// Rank indices (0 = three … 11 = ace, 12 = two) of card faces 1 (ace low) … 14 (ace high).
function rankOfFace(face) {
  if (face === 1 || face === 14) return 11;
  if (face === 2) return 12;
  return face - 3;
}

function run(faces, top) {
  const ranks = faces.map(rankOfFace);
  return { mask: ranks.reduce((mask, rank) => mask | (1 << rank), 0), top: rankOfFace(top) };
}

const ACE_HIGH = [3, 4, 5, 6, 7, 8, 9, 10].map((low) =>
  run([low, low + 1, low + 2, low + 3, low + 4], low + 4));

// The straights of each rule, lowest first (docs/games/bigtwo.md, Big Two options `straights`).
const STRAIGHTS = {
  hong_kong: [run([1, 2, 3, 4, 5], 5), run([2, 3, 4, 5, 6], 6), ...ACE_HIGH],
  three_low: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((low) => {
    let mask = 0;
    for (let rank = low; rank < low + 5; rank++) mask |= 1 << rank;
    return { mask, top: low + 4 };
  }),
  taiwan: [run([1, 2, 3, 4, 5], 5), ...ACE_HIGH, run([2, 3, 4, 5, 6], 2)],
};

/**
 * The combination these cards form under the options, as `{kind, strength, cards}`, or null
 * when they form none. `strength` orders combinations of the same kind.
 */
export function classify(cards, options) {
  const opts = withDefaults(options);
  const parsed = cards.map(parseCard);
  if (parsed.some((card) => card === null)) return null;
  if (new Set(parsed.map((card) => card.index)).size !== parsed.length) return null;
  const result = (kind, strength, top) => ({ kind, strength, cards: [...cards], top });
  switch (parsed.length) {
    case 1:
      return result('single', parsed[0].rank * 4 + suitRank(parsed[0].suit, opts));
    case 2:
    case 3: {
      if (parsed.some((card) => card.rank !== parsed[0].rank)) return null;
      if (parsed.length === 3) return result('triple', parsed[0].rank);
      const high = Math.max(...parsed.map((card) => suitRank(card.suit, opts)));
      return result('pair', parsed[0].rank * 4 + high);
    }
    case 5:
      return classifyFive(parsed, opts, result);
    default:
      return null;
  }
}

function classifyFive(parsed, opts, result) {
  let rankMask = 0;
  const counts = new Map();
  for (const card of parsed) {
    rankMask |= 1 << card.rank;
    counts.set(card.rank, (counts.get(card.rank) || 0) + 1);
  }
  const oneSuit = parsed.every((card) => card.suit === parsed[0].suit);
  if (counts.size === 5) {
    const straights = STRAIGHTS[opts.straights] || STRAIGHTS.hong_kong;
    const order = straights.findIndex((straight) => straight.mask === rankMask);
    if (order >= 0) {
      const top = parsed.find((card) => card.rank === straights[order].top);
      return result(oneSuit ? 'straight_flush' : 'straight',
        order * 4 + suitRank(top.suit, opts), top.code);
    }
    if (!oneSuit) return null;
    const ranks = parsed.map((card) => card.rank).sort((a, b) => b - a)
      .reduce((packed, rank) => packed * 16 + rank, 0);
    const suit = suitRank(parsed[0].suit, opts);
    // Suit first: suit above the ranks; rank first: ranks above the suit (as the server packs).
    return result('flush', opts.flush_order === 'rank_first'
      ? ranks * 4 + suit : suit * 2 ** 20 + ranks);
  }
  if (counts.size === 2) {
    const [rank, count] = [...counts.entries()].find(([, n]) => n >= 3);
    return result(count === 4 ? 'four_of_a_kind' : 'full_house', rank);
  }
  return null;
}

/**
 * Why `play` may not follow `current` under the options: null when it may (or when leading,
 * `current` null), `{code: 'wrong_size', expected}` or `{code: 'does_not_beat'}` otherwise.
 */
export function followFailure(play, current, options) {
  if (!current) return null;
  const size = kindSize(play.kind), currentSize = kindSize(current.kind);
  if (size === currentSize) {
    if (play.kind !== current.kind) {
      return KINDS.indexOf(play.kind) > KINDS.indexOf(current.kind)
        ? null : { code: 'does_not_beat' };
    }
    return play.strength > current.strength ? null : { code: 'does_not_beat' };
  }
  const bomb = play.kind === 'four_of_a_kind' || play.kind === 'straight_flush';
  if (withDefaults(options).bombs && bomb && currentSize < 5) return null;
  return { code: 'wrong_size', expected: currentSize };
}

/**
 * A combination in words, naming its kind: `single 3♦`, `pair of 7s`, `straight to 9♥`,
 * `full house, 8s over 3s`.
 */
export function describe(combo) {
  const parsed = combo.cards.map(parseCard);
  const byRank = new Map();
  for (const card of parsed) byRank.set(card.rank, (byRank.get(card.rank) || 0) + 1);
  const rankWord = (rank) => {
    const code = parsed.find((card) => card.rank === rank).code;
    return rankFace(code) + 's';
  };
  const highest = () => {
    const top = [...parsed].sort((a, b) => b.rank - a.rank)[0];
    return top.code;
  };
  switch (combo.kind) {
    case 'single': return `single ${cardFace(combo.cards[0])}`;
    case 'pair': return `pair of ${rankWord(parsed[0].rank)}`;
    case 'triple': return `triple of ${rankWord(parsed[0].rank)}`;
    case 'full_house': {
      const three = [...byRank.entries()].find(([, n]) => n === 3)[0];
      const two = [...byRank.entries()].find(([, n]) => n === 2)[0];
      return `full house, ${rankWord(three)} over ${rankWord(two)}`;
    }
    case 'four_of_a_kind': {
      const four = [...byRank.entries()].find(([, n]) => n === 4)[0];
      return `four of a kind, ${rankWord(four)}`;
    }
    case 'flush':
      return `${SUIT_SYMBOLS[combo.cards[0][1]]} flush, ${rankFace(highest())} high`;
    case 'straight':
    case 'straight_flush':
      // The top card decides between equal straights (A-2-3-4-5 is topped by its 5).
      return `${kindName(combo.kind)} to ${cardFace(combo.top)}`;
    default:
      return kindName(combo.kind);
  }
}

/**
 * What a selection of cards would be as a move at the seat's turn, for the line under the
 * hand and the Play button: `{combo, label, playable, reason}`. `turn` is the latest `turn`
 * event for the receiver's seat (null when it is not their turn); `firstPlay` is true before
 * the deal's first card.
 */
export function judgeSelection(selected, { options, turn, firstPlay = false } = {}) {
  if (selected.length === 0) return { combo: null, label: '', playable: false, reason: null };
  const combo = classify(selected, options);
  if (!combo) {
    return { combo: null, label: 'not a combination', playable: false,
      reason: 'not_a_combination' };
  }
  const label = describe(combo);
  const refuse = (reason, words) => ({ combo, label: `${label}: ${words}`, playable: false,
    reason });
  if (!turn) return { combo, label, playable: false, reason: 'not_your_turn' };
  const opts = withDefaults(options);
  const lowest = turn.must_include || (firstPlay ? lowestCard(opts) : null);
  if (lowest && !selected.includes(lowest)) {
    return refuse('must_include_lowest_card', `must include ${cardFace(lowest)}`);
  }
  if (lowest && opts.first_lead_single && selected.length !== 1) {
    return refuse('must_lead_lowest_card_alone', `lead ${cardFace(lowest)} alone`);
  }
  if (!turn.leading && turn.to_beat && turn.to_beat.length) {
    const current = classify(turn.to_beat, opts);
    const failure = followFailure(combo, current, opts);
    if (failure && failure.code === 'wrong_size') {
      return refuse('wrong_size', `play ${failure.expected} card${failure.expected > 1 ? 's' : ''}`);
    }
    if (failure) return refuse('does_not_beat', `does not beat ${describe(current)}`);
  }
  return { combo, label, playable: true, reason: null };
}
