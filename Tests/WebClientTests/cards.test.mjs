import test from 'node:test';
import assert from 'node:assert/strict';
import {
  parseCard, cardAt, sortByRank, sortBySuit, sortByDeck, cardFace, suitColour, lowestCard,
  strength, sameCards, without,
} from '../../Sources/WebClient/www/cards.js';

const cards = (text) => text.trim().split(/\s+/);
const HAND = cards('2S 3D KH 3C TD 5S AH 4H 3S 9D JC QC 4D');

test('cards are read in protocol notation only', () => {
  assert.deepEqual(parseCard('3D'), { rank: 0, suit: 0, index: 0, code: '3D' });
  assert.deepEqual(parseCard('2S'), { rank: 12, suit: 3, index: 51, code: '2S' });
  for (const bad of ['3d', '10H', '1S', '', 'XX', null, 3]) assert.equal(parseCard(bad), null);
  assert.equal(cardAt(0), '3D');
  assert.equal(cardAt(51), '2S');
});

test('by rank: weakest first, the table\'s suit order breaking ties', () => {
  assert.deepEqual(sortByRank(HAND), cards('3D 3C 3S 4D 4H 5S 9D TD JC QC KH AH 2S'));
  assert.deepEqual(sortByRank(cards('3D 3C 4C 4D'), { suit_order: 'taiwan' }),
    cards('3C 3D 4C 4D'));
  assert.ok(strength('3C', { suit_order: 'taiwan' }) < strength('3D', { suit_order: 'taiwan' }));
  assert.equal(lowestCard({ suit_order: 'taiwan' }), '3C');
  assert.equal(lowestCard(), '3D');
});

test('by suit: suits in the table\'s order, ranks up within each', () => {
  assert.deepEqual(sortBySuit(HAND), cards('3D 4D 9D TD 3C JC QC 4H KH AH 3S 5S 2S'));
  assert.deepEqual(sortBySuit(HAND, { suit_order: 'taiwan' }),
    cards('3C JC QC 3D 4D 9D TD 4H KH AH 3S 5S 2S'));
});

test('faces, colours and sets', () => {
  assert.equal(cardFace('TS'), '10♠');
  assert.equal(cardFace('3D'), '3♦');
  assert.equal(suitColour('3D', false), 'red');
  assert.equal(suitColour('3D', true), 'blue');
  assert.equal(suitColour('3C', true), 'green');
  assert.equal(suitColour('3C', false), 'black');
  assert.deepEqual(sortByDeck(cards('2S 3C 3D')), cards('3D 3C 2S'));
  assert.ok(sameCards(cards('3D 4D'), cards('4D 3D')));
  assert.ok(!sameCards(cards('3D 4D'), cards('4D 3C')));
  assert.deepEqual(without(HAND, cards('2S 3D')), HAND.slice(2));
});
