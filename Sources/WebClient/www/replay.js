// Replays of finished games from their records (the `record` reply): the position before
// the first move and after each one, re-dealt from the revealed seed where there is one.
// Pure: no DOM.

import { dealHands, commitmentOf, memoryLayout, rouletteSpin } from './deal.js';
import { sortByRank, without, cardsFace, withDefaults } from './cards.js';
import { classify, describe } from './combos.js';

/** A seat's name in a replay: the player's, or a bot named by its seat as at the table
 * (`bot 2`), so that three bots of one level are told apart, with its level. */
function label(player, seat) {
  return player.startsWith('bot:') ? `bot ${seat} (${player.slice(4)})` : player;
}

function commitmentChecks(record) {
  if (!record.seed) return { verified: true, problems: [], checks: ['nothing was dealt from a seed'] };
  let actual = null;
  try {
    actual = commitmentOf(record.seed);
  } catch {
    return { verified: false, problems: ['the seed is not 64 hexadecimal digits'], checks: [] };
  }
  if (record.commitment && actual !== record.commitment.toLowerCase()) {
    return { verified: false, problems: ['the seed does not match its commitment'], checks: [] };
  }
  return { verified: true, problems: [], checks: ['the seed matches the commitment'] };
}

/**
 * A Big Two deal as frames: `hands` (each seat's cards, weakest first), `table` (the play to
 * beat and who made it, null when a trick is led), `passed`, and the move in words. Frame 0
 * is the deal as dealt.
 */
export function bigTwoFrames(record) {
  const options = withDefaults(record.options);
  const names = record.players.map(label);
  const seats = record.players.length;
  const verification = commitmentChecks(record);
  const hands = dealHands(record.seed, seats).map((hand) => sortByRank(hand, options));
  const frames = [{ hands: hands.map((hand) => [...hand]), table: null, passed: [], text: 'the deal as dealt', seat: null }];
  let table = null;
  let passed = [];
  let sincePlay = 0;
  for (const move of record.moves) {
    const current = frames[frames.length - 1].hands.map((hand) => [...hand]);
    let text;
    if (move.cards === 'pass') {
      passed = [...new Set([...passed, move.seat])];
      sincePlay++;
      text = `${names[move.seat]} passed`;
      const over = options.pass_locks_out ? passed.length >= seats - 1 : sincePlay >= seats - 1;
      if (table && over) {
        text += ` · ${names[table.seat]} won the trick`;
        table = null;
        passed = [];
        sincePlay = 0;
      }
    } else {
      const cards = move.cards.split(' ');
      const stray = cards.filter((card) => !current[move.seat].includes(card));
      if (stray.length) {
        verification.verified = false;
        verification.problems.push(`${names[move.seat]} played ${cardsFace(stray)}, not in their hand`);
      }
      current[move.seat] = without(current[move.seat], cards);
      const combo = classify(cards, options);
      table = { seat: move.seat, cards };
      passed = passed.filter((seat) => seat !== move.seat);
      sincePlay = 0;
      text = `${names[move.seat]} played ${combo ? describe(combo) : cardsFace(cards)}`;
      if (!current[move.seat].length) text += ' and went out';
    }
    frames.push({ hands: current, table, passed: [...passed], text, seat: move.seat });
  }
  if (verification.verified && record.moves.length) verification.checks.push('every card played was in its player\'s hand');
  return { names, frames, verification, result: record.result || null };
}

/** A tic-tac-toe round as frames of its board (nine characters, `o`, `x` or `.`). */
export function ticTacToeFrames(record) {
  const names = record.players.map(label);
  const board = '.........'.split('');
  const frames = [{ board: board.join(''), text: 'an empty board', seat: null }];
  for (const move of record.moves) {
    const mark = move.seat === 0 ? 'o' : 'x';
    board[Number(move.cards) - 1] = mark;
    frames.push({ board: board.join(''), text: `${names[move.seat]} marked ${mark.toUpperCase()} on ${move.cards}`, seat: move.seat });
  }
  return { names, frames, verification: commitmentChecks(record), result: record.result || null };
}

/** A memory game as frames of its cards: each flip, pairs staying face up. */
export function memoryFrames(record) {
  const names = record.players.map(label);
  const verification = commitmentChecks(record);
  const layout = memoryLayout(record.seed, record.pairs);
  const up = Array(layout.length).fill(null);
  const owners = Array(layout.length).fill(null);
  const frames = [{ up: [...up], owners: [...owners], shown: [], text: 'every card face down', seat: null }];
  let first = null;
  for (const move of record.moves) {
    const index = Number(move.cards) - 1;
    const face = layout[index];
    let text = `${names[move.seat]} flipped card ${move.cards}: ${face}`;
    let shown = [index];
    if (first === null) {
      first = index;
    } else {
      shown = [first, index];
      if (layout[first] === face) {
        up[first] = up[index] = face;
        owners[first] = owners[index] = move.seat;
        text += ' · a pair';
      } else text += ' · no pair';
      first = null;
    }
    frames.push({ up: [...up], owners: [...owners], shown, text, seat: move.seat, layout });
  }
  verification.checks.push('the layout is re-dealt from the seed');
  return { names, frames, layout, verification, result: record.result || null };
}

/** A roulette round: each bet, then the spin drawn from the seed. */
export function rouletteFrames(record) {
  const names = record.players.map(label);
  const verification = commitmentChecks(record);
  const result = rouletteSpin(record.seed, record.segments);
  const frames = [{ text: 'bets open', bets: [], seat: null }];
  const bets = [];
  for (const move of record.moves) {
    bets.push({ seat: move.seat, words: move.cards });
    frames.push({ text: `${names[move.seat]} bet ${move.cards}`, bets: [...bets], seat: move.seat });
  }
  frames.push({ text: `the wheel stops on ${result}`, bets: [...bets], result, seat: null });
  verification.checks.push(`the seed's draw stops the wheel on ${result}`);
  return { names, frames, spin: result, verification, result: record.result || null };
}

const ECARD_BEATS = { emperor: 'citizen', citizen: 'slave', slave: 'emperor' };

/** An E-Card hand as frames: each card laid (face down until both are), then the reveal. */
export function eCardFrames(record) {
  const names = record.players.map(label);
  const frames = [{ text: `hand ${record.hand ?? 1}`, plays: [], seat: null }];
  const plays = [];
  for (let i = 0; i + 1 < record.moves.length; i += 2) {
    const a = record.moves[i], b = record.moves[i + 1];
    const cards = [];
    cards[a.seat] = a.cards;
    cards[b.seat] = b.cards;
    const outcome = cards[0] === cards[1] ? 'draw'
      : ECARD_BEATS[cards[0]] === cards[1] ? names[0] : names[1];
    plays.push({ cards, outcome });
    frames.push({ text: `play ${plays.length}: ${names[0]} ${cards[0]} vs ${names[1]} ${cards[1]} · ${outcome === 'draw' ? 'draw' : `${outcome} wins`}`,
      plays: [...plays], seat: null });
  }
  return { names, frames, verification: commitmentChecks(record), result: record.result || null };
}

/** The frames of any record, by its kind. */
export function framesOf(record) {
  switch (record.kind) {
    case 'bigtwo': return bigTwoFrames(record);
    case 'tictactoe': return ticTacToeFrames(record);
    case 'memory': return memoryFrames(record);
    case 'roulette': return rouletteFrames(record);
    case 'ecard': return eCardFrames(record);
    default: return { names: record.players.map(label), frames: [{ text: 'no replay for this game' }],
      verification: commitmentChecks(record), result: record.result || null };
  }
}
