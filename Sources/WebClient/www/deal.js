// Dealing from a seed, exactly as docs/verify.md says: xoshiro256** from the 32 seed
// bytes, the bounded draw, the Fisher-Yates shuffle, dealing round the table, memory layouts
// and roulette spins. Anyone holding a revealed seed re-deals with this and compares.

import { sha256, fromHex, toHex } from './sha256.js';
import { cardAt } from './cards.js';

const MASK = (1n << 64n) - 1n;
const rotl = (x, k) => ((x << k) | (x >> (64n - k))) & MASK;

/** The xoshiro256** 1.0 generator, its state read little-endian from 32 seed bytes. */
export class Xoshiro256 {
  /** A generator from the 32 bytes of a seed (not all zero). */
  constructor(seedBytes) {
    if (seedBytes.length !== 32) throw new Error('a seed is 32 bytes');
    this.s = [0, 1, 2, 3].map((word) => {
      let value = 0n;
      for (let byte = 7; byte >= 0; byte--) value = (value << 8n) | BigInt(seedBytes[word * 8 + byte]);
      return value;
    });
    if (this.s.every((word) => word === 0n)) throw new Error('the all-zero seed is invalid');
  }

  /** The next 64-bit output, as a BigInt. */
  next() {
    const s = this.s;
    const output = (rotl((s[1] * 5n) & MASK, 7n) * 9n) & MASK;
    const t = (s[1] << 17n) & MASK;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45n);
    return output;
  }

  /** A draw in 0 … n-1 (n ≥ 1) that rejects the few low outputs that would bias it. */
  below(n) {
    const big = BigInt(n);
    const threshold = ((1n << 64n) - big) % big;
    for (;;) {
      const r = this.next();
      if (r >= threshold) return Number(r % big);
    }
  }
}

/** Shuffles `items` in place, drawing from the top position down, and returns them. */
export function shuffle(items, rng) {
  for (let i = items.length - 1; i >= 1; i--) {
    const j = rng.below(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** The 32 bytes of a seed written as 64 hex digits; throws on anything else. */
export function seedBytes(seedHex) {
  const bytes = fromHex(seedHex);
  if (!bytes || bytes.length !== 32) throw new Error('a seed is 64 hexadecimal digits');
  return bytes;
}

/** The commitment to a seed: the hex SHA-256 of its 32 bytes (not of its hex text). */
export function commitmentOf(seedHex) {
  return toHex(sha256(seedBytes(seedHex)));
}

/** The shuffled deck of a Big Two deal, positions 0 to 51, as card notations. */
export function shuffledDeck(seedHex) {
  const deck = Array.from({ length: 52 }, (_, index) => index);
  return shuffle(deck, new Xoshiro256(seedBytes(seedHex))).map(cardAt);
}

/** The hands of a deal: position k of the shuffled deck goes to seat k mod `seats`. */
export function dealHands(seedHex, seats = 4) {
  const hands = Array.from({ length: seats }, () => []);
  shuffledDeck(seedHex).forEach((card, position) => hands[position % seats].push(card));
  return hands;
}

/** A memory layout: faces A, A, B, B, … shuffled; letter i is card i+1. */
export function memoryLayout(seedHex, pairs) {
  const faces = [];
  for (let face = 0; face < pairs; face++) faces.push(face, face);
  return shuffle(faces, new Xoshiro256(seedBytes(seedHex)))
    .map((face) => String.fromCharCode(65 + face)).join('');
}

/** The segment (from 1) a roulette wheel of `segments` stops on: 1 + the first bounded draw. */
export function rouletteSpin(seedHex, segments) {
  return 1 + new Xoshiro256(seedBytes(seedHex)).below(segments);
}

/** The seed of server deal `d` under a master seed: SHA-256(master LE64 ‖ d LE64), as hex. */
export function derivedSeed(masterSeed, dealNumber) {
  const message = new Uint8Array(16);
  const view = new DataView(message.buffer);
  view.setBigUint64(0, BigInt.asUintN(64, BigInt(masterSeed)), true);
  view.setBigUint64(8, BigInt.asUintN(64, BigInt(dealNumber)), true);
  return toHex(sha256(message));
}
