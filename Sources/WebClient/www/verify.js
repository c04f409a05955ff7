// Checking a finished game against its revealed seed (docs/verify.md, "Verifying a
// deal"): the commitment sent at the start must be the SHA-256 of the seed, and the cards the
// page saw must be the cards the seed deals. Each check returns `{verified, problems, checks}`:
// `checks` says in words what was compared, `problems` what did not match.

import { commitmentOf, dealHands, memoryLayout, rouletteSpin } from './deal.js';
import { sameCards, cardsFace, without } from './cards.js';

function outcome(checks, problems) {
  return { verified: problems.length === 0, problems, checks };
}

function checkCommitment(seed, commitments, checks, problems) {
  let actual;
  try {
    actual = commitmentOf(seed);
  } catch (error) {
    problems.push(`the seed is not 64 hexadecimal digits`);
    return false;
  }
  for (const commitment of commitments) {
    if (!commitment) continue;
    if (actual !== String(commitment).toLowerCase()) {
      problems.push(`SHA-256 of the seed is ${actual.slice(0, 12)}…, not the commitment ` +
        `${String(commitment).slice(0, 12)}… sent at the start`);
      return false;
    }
  }
  checks.push('the seed matches the commitment sent at the start');
  return true;
}

/**
 * Checks a Big Two deal: the commitment, the hand dealt to the receiver (`dealt`, null when
 * the page did not see the deal start), every play seen (`plays`, `{seat, cards}`), and the
 * hands left at the end (`hands`). With `complete` (every play of the deal was seen), each
 * seat's plays and cards left must make up exactly the hand the seed dealt it.
 */
export function verifyBigTwo({ seed, commitment, endCommitment, seat, dealt, plays = [],
  hands = [], complete = false }) {
  const checks = [], problems = [];
  if (!checkCommitment(seed, [commitment, endCommitment], checks, problems)) {
    return outcome(checks, problems);
  }
  const deal = dealHands(seed, 4);
  if (dealt && seat !== null && seat !== undefined) {
    if (sameCards(dealt, deal[seat])) checks.push('your 13 cards are the seed\'s deal');
    else problems.push(`you were dealt ${cardsFace(dealt)} but the seed deals ${cardsFace(deal[seat])}`);
  }
  const playedBy = deal.map(() => []);
  for (const play of plays) {
    const stray = play.cards.filter((card) => !deal[play.seat].includes(card));
    if (stray.length) problems.push(`seat ${play.seat} played ${cardsFace(stray)}, not dealt to it`);
    playedBy[play.seat].push(...play.cards);
  }
  if (plays.length) checks.push(`${plays.length} play(s) came from the hands dealt`);
  hands.forEach((hand, s) => {
    const stray = without(hand, deal[s]);
    if (stray.length) problems.push(`seat ${s} ended holding ${cardsFace(stray)}, not dealt to it`);
    else if (complete && !sameCards([...hand, ...playedBy[s]], deal[s])) {
      const missing = without(without(deal[s], hand), playedBy[s]);
      problems.push(`seat ${s}'s cards do not add up: ${cardsFace(missing)} went missing`);
    }
  });
  if (hands.length) checks.push('the hands left at the end were dealt to their seats');
  return outcome(checks, problems);
}

/**
 * Checks a memory game: the commitment, the layout the seed lays out, and every face the page
 * saw flipped (`flips`, `{card, face}`).
 */
export function verifyMemory({ seed, commitment, endCommitment, pairs, layout, flips = [] }) {
  const checks = [], problems = [];
  if (!checkCommitment(seed, [commitment, endCommitment], checks, problems)) {
    return outcome(checks, problems);
  }
  if (!(pairs >= 1)) {
    problems.push('the number of pairs is not known here');
    return outcome(checks, problems);
  }
  const expected = memoryLayout(seed, pairs);
  if (layout !== undefined && layout !== expected) {
    problems.push(`the layout revealed is ${layout}, but the seed lays out ${expected}`);
  } else checks.push('the layout is the seed\'s');
  for (const flip of flips) {
    if (expected[flip.card - 1] !== flip.face) {
      problems.push(`card ${flip.card} showed ${flip.face}, the seed put ${expected[flip.card - 1]} there`);
    }
  }
  if (flips.length) checks.push(`${flips.length} flip(s) showed the seed's faces`);
  return outcome(checks, problems);
}

/** Checks a roulette spin: the commitment, and the segment the seed's first draw gives. */
export function verifyRoulette({ seed, commitment, endCommitment, segments, result }) {
  const checks = [], problems = [];
  if (!checkCommitment(seed, [commitment, endCommitment], checks, problems)) {
    return outcome(checks, problems);
  }
  if (!(segments >= 2)) {
    problems.push('the size of the wheel is not known here');
    return outcome(checks, problems);
  }
  const expected = rouletteSpin(seed, segments);
  if (expected === result) checks.push(`the seed's draw stops the wheel on ${result}`);
  else problems.push(`the wheel stopped on ${result}, but the seed's draw gives ${expected}`);
  return outcome(checks, problems);
}

/** The starting hands of a finished Big Two deal, for a replay, by seat. */
export function startingHands(seed) {
  return dealHands(seed, 4);
}
