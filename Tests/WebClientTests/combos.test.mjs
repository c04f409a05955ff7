// The page's Big Two rules: the published cases of the rules reference, the server's own
// answers for every mix of options (the fixture that CardGamesTests holds the server to), and
// the words shown as cards are selected.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { classify, followFailure, describe, judgeSelection } from '../../Sources/WebClient/www/combos.js';

const cards = (text) => text.trim().split(/\s+/);
const kind = (text, options) => classify(cards(text), options)?.kind ?? null;
const beats = (a, b, options) =>
  followFailure(classify(cards(a), options), classify(cards(b), options), options) === null;
const TAIWAN = { suit_order: 'taiwan', straights: 'taiwan', bombs: true };

test('every kind is recognised, and what is none is refused', () => {
  assert.equal(kind('3D'), 'single');
  assert.equal(kind('3D 3S'), 'pair');
  assert.equal(kind('KH KC KS'), 'triple');
  assert.equal(kind('3D 4C 5H 6S 7D'), 'straight');
  assert.equal(kind('AD 2C 3H 4S 5D'), 'straight');
  assert.equal(kind('3H 6H 7H 8H JH'), 'flush');
  assert.equal(kind('3D 3C 3H KS KD'), 'full_house');
  assert.equal(kind('AS AH AC AD KS'), 'four_of_a_kind');
  assert.equal(kind('3H 4H 5H 6H 7H'), 'straight_flush');
  for (const none of ['3D 4D', '3D 3C 4H', '3D 3C 3H 3S', '3D 4C 5H 6S', '3D 3C 4H 4S 5D',
    '3D 4D 5D 6D 7D 8D', '3D 3D', 'XX']) {
    assert.equal(kind(none), null, none);
  }
  assert.equal(classify([]), null);
});

test('the published comparison cases under the default rules', () => {
  for (const text of ['KD AC 2H 3S 4D', 'QD KC AH 2S 3D', 'AD 2C 3H 4S 6D', '2D 3C 4H 5S 7D']) {
    assert.ok(!['straight', 'straight_flush'].includes(kind(text)), text);
  }
  assert.ok(beats('2D 3C 4H 5S 6D', 'AD 2C 3H 4S 5D'));
  assert.ok(beats('5H 6S 7D 8C 9H', '5H 6S 7D 8C 9D'));
  assert.ok(!beats('5H 6S 7D 8C 9H', '5H 6S 7D 8C 9S'));
  assert.ok(beats('3H 6H 7H 8H JH', '4D 5D 8D 9D KD'));
  assert.ok(!beats('3H 6H 7H 8H JH', '3S 5S 7S 9S JS'));
  assert.ok(!beats('3H 6H 7H 8H JH', '4H 5H 9H TH KH'));
  assert.ok(beats('AS AH AC AD KS', '3D 3C 3H KS KD'));
  assert.ok(!beats('AS AH AC AD KS', '2S 2H 2C 2D KS'));
  assert.ok(!beats('AS AH AC AD KS', '3H 4H 5H 6H 7H'));
});

test('straight rules and suit orders', () => {
  assert.equal(kind('JD QC KH AS 2D'), null);
  assert.equal(kind('JD QC KH AS 2D', { straights: 'three_low' }), 'straight');
  assert.equal(kind('AD 2C 3H 4S 5D', { straights: 'three_low' }), null);
  assert.ok(beats('2D 3C 4H 5S 6D', 'TD JC QH KS AD', TAIWAN));
  assert.ok(!beats('2D 3C 4H 5S 6D', 'TD JC QH KS AD'));
  assert.ok(beats('3D', '3C', TAIWAN));
  assert.ok(!beats('3D', '3C'));
  assert.ok(!beats('3D 3H', '3C 3S', TAIWAN));
  assert.ok(beats('3D 3S', '3C 3H', TAIWAN));
});

test('bombs beat smaller combinations only when the table plays with them', () => {
  assert.deepEqual(followFailure(classify(cards('9D 9C 9H 9S 3D')), classify(cards('2S'))),
    { code: 'wrong_size', expected: 1 });
  assert.equal(followFailure(classify(cards('9D 9C 9H 9S 3D'), TAIWAN),
    classify(cards('2S'), TAIWAN), TAIWAN), null);
  assert.equal(followFailure(classify(cards('4H 5H 6H 7H 8H'), TAIWAN),
    classify(cards('2S 2H'), TAIWAN), TAIWAN), null);
  assert.deepEqual(followFailure(classify(cards('3D 4C 5H 6S 7D'), TAIWAN),
    classify(cards('2S'), TAIWAN), TAIWAN), { code: 'wrong_size', expected: 1 });
});

test('flushes by rank first compare the highest card before the suit', () => {
  const rankFirst = { flush_order: 'rank_first' };
  assert.ok(beats('4D 5D 8D 9D KD', '3H 6H 7H 8H JH', rankFirst));
  assert.ok(!beats('4D 5D 8D 9D KD', '3H 6H 7H 8H JH'));
});

test('the server\'s answers for every mix of options agree with the page', () => {
  const fixture = JSON.parse(readFileSync(new URL('./fixtures/bigtwo-rules.json', import.meta.url)));
  assert.equal(fixture.length, 24);
  let compared = 0;
  for (const entry of fixture) {
    const options = { ...entry.options, bombs: entry.options.bombs === 'true' };
    const combos = entry.sets.map((set) => classify(set, options));
    entry.sets.forEach((set, i) => {
      assert.equal(combos[i]?.kind ?? 'none', entry.kinds[i], `${set.join(' ')} ${JSON.stringify(options)}`);
    });
    for (const [play, current, answer] of entry.follows) {
      const failure = followFailure(combos[play], combos[current], options);
      assert.equal(failure ? failure.code : 'ok', answer,
        `${entry.sets[play].join(' ')} over ${entry.sets[current].join(' ')} ${JSON.stringify(options)}`);
      compared++;
    }
  }
  assert.ok(compared > 1000, `${compared} comparisons`);
});

test('a selection is named as it grows', () => {
  assert.equal(describe(classify(cards('3D'))), 'single 3♦');
  assert.equal(describe(classify(cards('7H 7S'))), 'pair of 7s');
  assert.equal(describe(classify(cards('TH TS TD'))), 'triple of 10s');
  assert.equal(describe(classify(cards('5D 6C 7H 8S 9H'))), 'straight to 9♥');
  assert.equal(describe(classify(cards('AD 2C 3H 4S 5D'))), 'straight to 5♦');
  assert.equal(describe(classify(cards('3H 6H 7H 8H JH'))), '♥ flush, J high');
  assert.equal(describe(classify(cards('8D 8C 8H 3S 3D'))), 'full house, 8s over 3s');
  assert.equal(describe(classify(cards('9D 9C 9H 9S 3D'))), 'four of a kind, 9s');
  assert.equal(describe(classify(cards('3H 4H 5H 6H 7H'))), 'straight flush to 7♥');
});

test('a selection is playable only when the server would take it', () => {
  const lead = { seat: 0, leading: true, can_pass: false, must_include: '3D' };
  assert.equal(judgeSelection([], { turn: lead }).playable, false);
  assert.deepEqual(judgeSelection(cards('3D 3C'), { turn: lead }),
    { combo: classify(cards('3D 3C')), label: 'pair of 3s', playable: true, reason: null });
  assert.equal(judgeSelection(cards('4D 4C'), { turn: lead }).reason, 'must_include_lowest_card');
  assert.equal(judgeSelection(cards('3D 3C'), { turn: lead, options: { first_lead_single: true } })
    .reason, 'must_lead_lowest_card_alone');
  assert.equal(judgeSelection(cards('3D 4C'), { turn: lead }).reason, 'not_a_combination');
  const follow = { seat: 0, leading: false, can_pass: true, to_beat: ['7H', '7S'] };
  assert.equal(judgeSelection(cards('8D 8C'), { turn: follow }).playable, true);
  assert.equal(judgeSelection(cards('7D 7C'), { turn: follow }).reason, 'does_not_beat');
  assert.equal(judgeSelection(cards('7D 7C'), { turn: follow }).label,
    'pair of 7s: does not beat pair of 7s');
  assert.equal(judgeSelection(cards('2S'), { turn: follow }).label, 'single 2♠: play 2 cards');
  assert.equal(judgeSelection(cards('8D 8C'), { turn: null }).reason, 'not_your_turn');
  assert.equal(judgeSelection(cards('8D 8C'), { turn: null }).label, 'pair of 8s');
});
