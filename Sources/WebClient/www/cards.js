// Cards in the protocol's notation (`3D`, `TS`, `2S`): parsing, the table's order, sorting,
// and the faces people read. Pure: no DOM, no network.

/** Ranks from lowest to highest, as the protocol writes them. */
export const RANKS = '3456789TJQKA2';
/** Suits in deck order: the unshuffled deck of docs/verify.md, "Deck order and shuffle". */
export const SUITS = 'DCHS';
/** Suit symbols by suit letter. */
export const SUIT_SYMBOLS = { D: '♦', C: '♣', H: '♥', S: '♠' };
/** Suit names by suit letter, for screen readers. */
export const SUIT_NAMES = { D: 'diamonds', C: 'clubs', H: 'hearts', S: 'spades' };

/** The options of a table whose options are unknown: the protocol's standard preset. */
export const STANDARD_OPTIONS = Object.freeze({
  suit_order: 'hong_kong', straights: 'hong_kong', flush_order: 'suit_first', bombs: false,
  pass_locks_out: false, last_card_rule: false, first_lead_single: false, scoring: 'standard',
});

/** A table's options with every missing field at its standard value. */
export function withDefaults(options) {
  return { ...STANDARD_OPTIONS, ...(options || {}) };
}

/**
 * A card from its notation, as `{rank, suit, index, code}`: `rank` 0 (three) to 12 (two),
 * `suit` 0 to 3 in deck order, `index` its place in the unshuffled deck (`rank * 4 + suit`).
 * Returns null for anything that is not a card.
 */
export function parseCard(code) {
  if (typeof code !== 'string' || code.length !== 2) return null;
  const rank = RANKS.indexOf(code[0]);
  const suit = SUITS.indexOf(code[1]);
  if (rank < 0 || suit < 0) return null;
  return { rank, suit, index: rank * 4 + suit, code };
}

/** The notation of the card at a deck index (0 is `3D`, 51 is `2S`). */
export function cardAt(index) {
  return RANKS[index >> 2] + SUITS[index & 3];
}

/** A suit's place (0 lowest) in the tie-break order of the table's suit order. */
export function suitRank(suit, options) {
  if (withDefaults(options).suit_order !== 'taiwan') return suit;
  return [1, 0, 2, 3][suit]; // clubs < diamonds < hearts < spades
}

/** A card's strength as a single: rank first, then suit; 0 lowest, 51 for the two of spades. */
export function strength(code, options) {
  const card = parseCard(code);
  return card.rank * 4 + suitRank(card.suit, options);
}

/** The lowest card of the deck under the table's suit order: it leads the first trick. */
export function lowestCard(options) {
  return withDefaults(options).suit_order === 'taiwan' ? '3C' : '3D';
}

/** Cards sorted weakest first by rank, suits breaking ties, as the table orders them. */
export function sortByRank(cards, options) {
  return [...cards].sort((a, b) => strength(a, options) - strength(b, options));
}

/** Cards grouped by suit (the table's lowest suit first), each group weakest first. */
export function sortBySuit(cards, options) {
  const key = (code) => {
    const card = parseCard(code);
    return suitRank(card.suit, options) * 16 + card.rank;
  };
  return [...cards].sort((a, b) => key(a) - key(b));
}

/** Cards in the order of the unshuffled deck (3D 3C 3H 3S 4D … 2S). */
export function sortByDeck(cards) {
  return [...cards].sort((a, b) => parseCard(a).index - parseCard(b).index);
}

/** The rank as people write it: `10` for ten. */
export function rankFace(code) {
  return code[0] === 'T' ? '10' : code[0];
}

/** The card as people read it, e.g. `10♠`. */
export function cardFace(code) {
  return rankFace(code) + SUIT_SYMBOLS[code[1]];
}

/** Cards as people read them, separated by spaces. */
export function cardsFace(cards) {
  return cards.map(cardFace).join(' ');
}

/** The suit's colour class: two colours, or four when `fourColour` is set. */
export function suitColour(code, fourColour) {
  const suit = code[1];
  if (fourColour) return { S: 'black', H: 'red', D: 'blue', C: 'green' }[suit];
  return suit === 'H' || suit === 'D' ? 'red' : 'black';
}

/** True when `a` and `b` hold the same cards, in any order. */
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const left = sortByDeck(a), right = sortByDeck(b);
  return left.every((card, i) => card === right[i]);
}

/** `cards` without the cards in `removed`. */
export function without(cards, removed) {
  const gone = new Set(removed);
  return cards.filter((card) => !gone.has(card));
}
