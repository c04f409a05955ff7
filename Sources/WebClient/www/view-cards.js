// Cards drawn with CSS and the suit symbols: no image files.

import { el } from './dom.js';
import { rankFace, SUIT_SYMBOLS, SUIT_NAMES, suitColour } from './cards.js';

/**
 * A card face. With `onTap` it is a button that selects on tap (and carries `data-card`
 * in protocol notation); otherwise a plain picture of the card.
 */
export function cardFace(code, { fourColour = false, selected = false, onTap = null,
  size = 'normal', disabled = false } = {}) {
  const rank = rankFace(code);
  const suit = SUIT_SYMBOLS[code[1]];
  const classes = ['card', suitColour(code, fourColour), size];
  if (selected) classes.push('selected');
  const children = [
    el('span', { class: 'corner', 'aria-hidden': 'true' }, el('span', { class: 'rank' }, rank),
      el('span', { class: 'suit' }, suit)),
    el('span', { class: 'pip', 'aria-hidden': 'true' }, suit),
  ];
  const label = `${rank} of ${SUIT_NAMES[code[1]]}`;
  if (!onTap) {
    return el('span', { class: classes.join(' '), role: 'img', 'aria-label': label,
      dataset: { card: code } }, children);
  }
  return el('button', {
    class: classes.join(' '), type: 'button', 'aria-label': label,
    'aria-pressed': selected ? 'true' : 'false', disabled, dataset: { card: code },
    onclick: () => onTap(code),
  }, children);
}

/** A face-down card (a count of cards, an E-Card card laid, a memory card). */
export function cardBack({ size = 'small', label = 'a face-down card' } = {}) {
  return el('span', { class: `card back ${size}`, role: 'img', 'aria-label': label });
}

/** A row of small card faces. */
export function cardRow(cards, fourColour, size = 'small') {
  return el('span', { class: 'card-row' }, cards.map((code) => cardFace(code, { fourColour, size })));
}
