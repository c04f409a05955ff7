// Replays from records: the Big Two transcript of protocol.md turned into a record must
// replay to the hands its deal_end showed, with each trick ending where the server said.
import test from 'node:test';
import assert from 'node:assert/strict';
import { bigTwoFrames, ticTacToeFrames, memoryFrames, rouletteFrames, eCardFrames } from '../../Sources/WebClient/www/replay.js';
import { sortByDeck } from '../../Sources/WebClient/www/cards.js';
import { transcripts } from './support.mjs';

function bigTwoRecord() {
  const steps = transcripts().find((s) => s.some(({ message }) => message.type === 'deal_start'));
  const events = steps.filter(({ dir }) => dir === 'in').map(({ message }) => message);
  const moves = [], trickAfter = [];
  for (const event of events) {
    if (event.type === 'play') moves.push({ seat: event.seat, cards: event.cards.join(' ') });
    if (event.type === 'pass') moves.push({ seat: event.seat, cards: 'pass' });
    if (event.type === 'trick') trickAfter.push(moves.length);
  }
  const end = events.find((event) => event.type === 'deal_end');
  const table = events.find((event) => event.type === 'table').table;
  return { record: { kind: 'bigtwo', seed: end.seed, commitment: end.commitment, options: table.options,
    players: ['ann', 'bot:smart', 'bot:smart', 'bot:smart'], moves, result: { winner: end.winner, scores: end.scores } },
  end, trickAfter };
}

test('a Big Two record replays to the hands its deal ended with', () => {
  const { record, end, trickAfter } = bigTwoRecord();
  const replay = bigTwoFrames(record);
  assert.equal(replay.verification.verified, true, replay.verification.problems.join('; '));
  assert.equal(replay.frames.length, record.moves.length + 1);
  assert.equal(replay.frames[0].hands.every((hand) => hand.length === 13), true);
  const last = replay.frames[replay.frames.length - 1];
  assert.deepEqual(last.hands.map(sortByDeck), end.hands.map(sortByDeck));
  for (const index of trickAfter) {
    assert.equal(replay.frames[index].table, null, `trick over after move ${index}`);
    assert.match(replay.frames[index].text, /won the trick/);
  }
  assert.equal(replay.frames[1].text, 'ann played single 3♦');
  // Three bots of one level are told apart the way the table names them, by seat.
  assert.deepEqual(replay.names, ['ann', 'bot 1 (smart)', 'bot 2 (smart)', 'bot 3 (smart)']);
  assert.match(last.text, /went out/);
});

test('a Big Two record with a card its player did not hold is not verified', () => {
  const { record } = bigTwoRecord();
  const tampered = structuredClone(record);
  tampered.moves[1] = { seat: 1, cards: '3D' };
  assert.equal(bigTwoFrames(tampered).verification.verified, false);
});

test('tic-tac-toe, memory, roulette and E-Card records replay move by move', () => {
  const ttt = ticTacToeFrames({ kind: 'tictactoe', players: ['ann', 'bot:perfect'],
    moves: [{ seat: 0, cards: '1' }, { seat: 1, cards: '5' }, { seat: 0, cards: '2' }] });
  assert.deepEqual(ttt.frames.map((frame) => frame.board), ['.........', 'o........', 'o...x....', 'oo..x....']);
  const seed = '64b572a20cec4f61adc50cf2b8dd15de641617a359903ba453ca0b3466106112';
  const commitment = '3a238e49ce5ff70c794fbc53eb242e8ca1d9e159d2492ea423d14d028db412c6';
  const memory = memoryFrames({ kind: 'memory', players: ['ann', 'bot:perfect'], pairs: 3, seed, commitment,
    moves: [{ seat: 0, cards: '1' }, { seat: 0, cards: '2' }, { seat: 1, cards: '5' }, { seat: 1, cards: '4' }] });
  assert.equal(memory.layout, 'BCBAAC');
  assert.deepEqual(memory.frames[4].up, [null, null, null, 'A', 'A', null]);
  assert.deepEqual(memory.frames[4].owners, [null, null, null, 1, 1, null]);
  assert.equal(memory.verification.verified, true);
  const roulette = rouletteFrames({ kind: 'roulette', players: ['ann', 'bot:random'], segments: 6, seed, commitment,
    moves: [{ seat: 0, cards: '5 on 2' }, { seat: 1, cards: '4 on 5' }] });
  assert.equal(roulette.spin, 6);
  assert.equal(roulette.frames[roulette.frames.length - 1].text, 'the wheel stops on 6');
  const wrong = rouletteFrames({ kind: 'roulette', players: ['ann'], segments: 6, seed, commitment: '00'.repeat(32), moves: [] });
  assert.equal(wrong.verification.verified, false);
  const ecard = eCardFrames({ kind: 'ecard', hand: 1, players: ['ann', 'bot:mixed'],
    moves: [{ seat: 0, cards: 'citizen' }, { seat: 1, cards: 'citizen' }, { seat: 1, cards: 'slave' }, { seat: 0, cards: 'citizen' }] });
  assert.equal(ecard.frames.length, 3);
  assert.match(ecard.frames[1].text, /draw/);
  assert.match(ecard.frames[2].text, /ann wins/);
});
