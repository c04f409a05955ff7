// The dealing of protocol.md section 7, checked against its worked examples and against the
// seeds and results of the transcripts in section 4 and 8.
import test from 'node:test';
import assert from 'node:assert/strict';
import { sha256, toHex, fromHex, utf8 } from '../../Sources/WebClient/www/sha256.js';
import {
  Xoshiro256, shuffledDeck, dealHands, commitmentOf, memoryLayout, rouletteSpin, derivedSeed,
  seedBytes,
} from '../../Sources/WebClient/www/deal.js';
import { sortByDeck } from '../../Sources/WebClient/www/cards.js';

const split = (text) => text.trim().split(/\s+/);

test('SHA-256 gives the FIPS 180-4 example digests', () => {
  assert.equal(toHex(sha256(utf8('abc'))),
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(toHex(sha256(new Uint8Array(0))),
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.equal(toHex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))),
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  assert.equal(toHex(sha256(utf8(
    'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu'))),
    'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1');
  assert.equal(toHex(sha256(new Uint8Array(1000000).fill(0x61))),
    'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
});

test('SHA-256 pads correctly at every length around a block boundary', () => {
  // 55, 56, 63, 64 and 65 bytes are where the length field moves to a second block; the
  // digest of a message must not depend on how it is split, so hash a prefix of a known
  // message at each length twice (once as an array, once as a typed array).
  for (const length of [54, 55, 56, 57, 63, 64, 65, 119, 120]) {
    const bytes = new Uint8Array(length).map((_, i) => (i * 7 + 3) & 0xff);
    assert.equal(toHex(sha256(bytes)), toHex(sha256(Array.from(bytes))));
  }
  assert.equal(toHex(sha256(utf8('a'.repeat(55)))),
    '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318');
  assert.equal(toHex(sha256(utf8('a'.repeat(56)))),
    'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a');
});

test('hex reads either case and refuses what is not whole bytes', () => {
  assert.deepEqual(Array.from(fromHex('00ff7A')), [0, 255, 122]);
  assert.equal(fromHex('abc'), null);
  assert.equal(fromHex('zz'), null);
  assert.throws(() => seedBytes('00'.repeat(31)));
});

const EXAMPLE_1 = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

test('worked example 1: commitment, generator state and first output', () => {
  assert.equal(commitmentOf(EXAMPLE_1),
    '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  const rng = new Xoshiro256(fromHex(EXAMPLE_1));
  assert.deepEqual(rng.s, [0x0706050403020100n, 0x0f0e0d0c0b0a0908n, 0x1716151413121110n,
    0x1f1e1d1c1b1a1918n]);
  assert.equal(rng.next(), 0xbc258ef861cb354dn);
});

test('worked example 1: the first three shuffle draws', () => {
  const rng = new Xoshiro256(fromHex(EXAMPLE_1));
  assert.deepEqual([rng.below(52), rng.below(51), rng.below(50)], [5, 47, 15]);
});

test('worked example 1: the shuffled deck and the four hands', () => {
  assert.deepEqual(shuffledDeck(EXAMPLE_1), split(`
    6H 3S TC QS QC 7C 6D 3D JD 3C 8H AC KD AD 5S 2S 9C 5H TS KH 8C 8D 4S 4H AH 2H
    8S QH JC 9H JH 5C JS 9D KS 9S 2D 5D 7D 2C QD 7H 4D 3H KC TH TD 6C 7S 6S AS 4C`));
  const hands = dealHands(EXAMPLE_1);
  assert.deepEqual(hands.map((hand) => hand.slice(0, 3)),
    [split('6H QC JD'), split('3S 7C 3C'), split('TC 6D 8H'), split('QS 3D AC')]);
  assert.deepEqual(hands.map(sortByDeck), [
    split('6H 7S 8C 9C JD JC JS QD QC KD KC AH 2D'),
    split('3C 3S 5D 5H 6S 7C 7H 8D 9D 9H TH AD 2H'),
    split('4D 4S 5S 6D 7D 8H 8S TD TC TS JH KS AS'),
    split('3D 3H 4C 4H 5C 6C 9S QH QS KH AC 2C 2S'),
  ]);
});

test('worked example 2: a seed derived from master seed 42, deal 1', () => {
  const seed = derivedSeed(42, 1);
  assert.equal(seed, 'c953b283023f000d3b5411c5967055f5dfecc6c0d0082ae2b3b926a389a4841b');
  assert.equal(commitmentOf(seed),
    '0a61ec5f2e9bbdf30ce4c1644abce647cff5b66736181a6e59714508eaf7d0e4');
  const hands = dealHands(seed);
  assert.deepEqual(hands.map((hand) => hand.slice(0, 3)),
    [split('JS 2S 6S'), split('9D 3S 7C'), split('AD 7S 9H'), split('TD 8D QD')]);
  assert.deepEqual(hands.map(sortByDeck), [
    split('4H 6C 6H 6S 7D JC JH JS KD KH AH 2C 2S'),
    split('3H 3S 4D 4C 5D 5S 7C 8H 8S 9D TH KC AS'),
    split('3C 4S 7H 7S 8C 9C 9H 9S JD QC AD AC 2H'),
    split('3D 5C 5H 6D 8D TD TC TS QD QH QS KS 2D'),
  ]);
});

test('the Big Two transcript: the revealed seed deals the hand seat 0 was dealt', () => {
  const seed = '135dac23da2f36acfedd74b30ef9abf98122cd4441c8939ab9f4e0943e1d9eca';
  assert.equal(commitmentOf(seed),
    '788e79bfd872e18c736eb3e5809ec7e7f531df52a9f1e317ba890c7566c1a299');
  assert.deepEqual(sortByDeck(dealHands(seed)[0]),
    split('3D 3C 3H 3S 4D 4H 5S 9D 9S JC JH QC 2S'));
  assert.deepEqual(derivedSeed(2026, 1), seed);
});

test('memory layouts and roulette spins from the transcripts\' seed', () => {
  const seed = '64b572a20cec4f61adc50cf2b8dd15de641617a359903ba453ca0b3466106112';
  assert.equal(commitmentOf(seed),
    '3a238e49ce5ff70c794fbc53eb242e8ca1d9e159d2492ea423d14d028db412c6');
  assert.equal(memoryLayout(seed, 3), 'BCBAAC');
  assert.equal(rouletteSpin(seed, 6), 6);
});

test('the bounded draw rejects outputs below the threshold', () => {
  // A generator whose outputs are scripted: with n = 3 the threshold is (2^64 - 3) mod 3 = 1,
  // so an output of 0 is rejected and the next one decides.
  const rng = new Xoshiro256(fromHex(EXAMPLE_1));
  const outputs = [0n, 7n];
  rng.next = () => outputs.shift();
  assert.equal(rng.below(3), 1);
  assert.equal(outputs.length, 0);
});

test('the all-zero seed is refused', () => {
  assert.throws(() => new Xoshiro256(new Uint8Array(32)));
});
