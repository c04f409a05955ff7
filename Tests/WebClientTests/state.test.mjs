// The page's state, fed with the transcripts of protocol.md (captured from the real server)
// and with every example message the document shows.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  initialState, applyMessage, noteSent, isMyTurn, seatName, rememberDealt, currentDeadline,
} from '../../Sources/WebClient/www/state.js';
import { transcripts, serverExamples, serverMessageTypes } from './support.mjs';

function transcriptOf(kind) {
  return transcripts().find((steps) => steps.some(({ dir, message }) =>
    dir === 'out' && message.type === 'create' && (message.kind || 'bigtwo') === kind));
}

/** Runs a transcript through a fresh state; `each` sees the state after every server line. */
function play(steps, each = () => {}) {
  const state = initialState();
  let now = 1_000;
  for (const { dir, message } of steps) {
    now += 10;
    if (dir === 'out') noteSent(state, message);
    else {
      applyMessage(state, message, now);
      assert.equal(state.unhandled, null, `unhandled ${message.type}`);
      each(state, message);
    }
  }
  return state;
}

test('protocol.md has a JSON transcript of every kind of table', () => {
  for (const kind of ['bigtwo', 'ecard', 'tictactoe', 'memory', 'roulette']) {
    assert.ok(transcriptOf(kind), kind);
  }
});

test('every message type the server sends is one the page handles', () => {
  const types = serverMessageTypes();
  assert.ok(types.length >= 45, `${types.length} types`);
  for (const type of types) {
    const state = initialState();
    applyMessage(state, { type }, 0);
    assert.equal(state.unhandled, null, type);
  }
  const state = initialState();
  applyMessage(state, { type: 'from_a_later_protocol' }, 0);
  assert.equal(state.unhandled, 'from_a_later_protocol');
});

test('every example message in protocol.md applies, on a fresh page and at a table', () => {
  const examples = serverExamples();
  assert.ok(examples.length > 100, `${examples.length} examples`);
  for (const example of examples) {
    for (const state of [initialState(), atTable(), atTable('ecard', 2), atTable('memory', 2),
      atTable('roulette', 3), atTable('tictactoe', 2)]) {
      applyMessage(state, structuredClone(example), 0);
      assert.equal(state.malformed, null, JSON.stringify(example));
      assert.equal(state.unhandled, null);
    }
  }
});

test('the Big Two transcript: a whole deal, verified at the end', () => {
  let sawMyTurn = 0, sawHandAfterFirstPlay = null;
  const state = play(transcriptOf('bigtwo'), (s, message) => {
    if (isMyTurn(s)) sawMyTurn++;
    if (message.type === 'play' && message.id === 4) sawHandAfterFirstPlay = s.game.deal.hand.length;
  });
  assert.equal(state.me.name, 'ann');
  assert.ok(sawMyTurn > 10);
  assert.equal(sawHandAfterFirstPlay, 12);
  const { deal, end } = state.game;
  assert.deepEqual(deal.dealt.length, 13);
  assert.deepEqual(deal.hand, ['JH']);
  assert.deepEqual(deal.cardCounts, [1, 0, 6, 6]);
  assert.equal(end.winner, 1);
  assert.deepEqual(end.totals, [-1, 13, -6, -6]);
  assert.equal(end.verification.verified, true, end.verification.problems.join('; '));
  assert.deepEqual(state.table.totals, [-1, 13, -6, -6]);
  assert.equal(state.game.matchEnd.games, 1);
  assert.deepEqual(state.lastResult.totals, [-1, 13, -6, -6]);
  assert.equal(isMyTurn(state), false);
  assert.equal(Object.keys(state.pending).length, 0);
  assert.ok(state.events.some((event) => event.tone === 'alert' && /last card/.test(event.text)));
});

test('each seat shows what it played last in the trick, cleared when a trick begins', () => {
  let plays = 0, cleared = 0;
  play(transcriptOf('bigtwo'), (s, message) => {
    const deal = s.game?.deal;
    if (!deal || s.game.end) return;
    if (message.type === 'play') {
      plays++;
      assert.deepEqual(deal.seatPlays[message.seat], message.cards);
    } else if (message.type === 'pass') {
      assert.equal(deal.seatPlays[message.seat], undefined);
    } else if (message.type === 'trick' || (message.type === 'turn' && message.leading)) {
      cleared++;
      assert.deepEqual(deal.seatPlays, {});
    }
    // Every seat shown played in this trick, and the play to beat is among them.
    if (deal.tablePlay) assert.deepEqual(deal.seatPlays[deal.tablePlay.seat], deal.tablePlay.cards);
  });
  assert.ok(plays > 10 && cleared > 2, `${plays} plays, ${cleared} tricks`);
});

test('a deal whose revealed seed was changed is not verified', () => {
  const steps = transcriptOf('bigtwo').map((step) => structuredClone(step));
  const end = steps.find(({ message }) => message.type === 'deal_end').message;
  end.seed = end.seed.replace(/^../, '00');
  const state = play(steps);
  assert.equal(state.game.end.verification.verified, false);
  assert.match(state.game.end.verification.problems[0], /not the commitment/);
});

test('a deal whose hands were swapped after the start is not verified', () => {
  const steps = transcriptOf('bigtwo').map((step) => structuredClone(step));
  const start = steps.find(({ message }) => message.type === 'deal_start').message;
  start.hand[0] = start.hand[0] === '2H' ? '2D' : '2H';
  const state = play(steps);
  assert.equal(state.game.end.verification.verified, false);
});

test('a snapshot mid-deal: the state follows it, and a kept dealt hand is checked again', () => {
  const steps = transcriptOf('bigtwo');
  const cut = steps.findIndex(({ dir, message }) =>
    dir === 'in' && message.type === 'state' && message.id === 17);
  const dealt = steps.find(({ message }) => message.type === 'deal_start').message;
  const state = initialState();
  // A reload: the page knows only the welcome and then the snapshot.
  applyMessage(state, { type: 'welcome', name: 'ann', token: 't', resumed: true, table: 1, seat: 0 }, 0);
  applyMessage(state, steps[cut].message, 1);
  assert.deepEqual(state.game.deal.hand, ['4D', '4H', '5S', 'JC', 'JH', '2S']);
  assert.deepEqual(state.game.deal.cardCounts, [6, 10, 13, 12]);
  assert.equal(isMyTurn(state), true);
  assert.equal(state.game.deal.turn.leading, true);
  assert.equal(state.game.deal.complete, false);
  rememberDealt(state, { table: 1, deal: 1, commitment: dealt.commitment, hand: dealt.hand });
  for (const { dir, message } of steps.slice(cut + 1)) if (dir === 'in') applyMessage(state, message, 2);
  assert.equal(state.game.end.verification.verified, true);
  assert.ok(state.game.end.verification.checks.some((line) => /your 13 cards/.test(line)));
});

test('the E-Card transcript: cards leave the hand as they are laid, the reveal pays', () => {
  let afterFirstLay = null, atEnd = null;
  const state = play(transcriptOf('ecard'), (s, message) => {
    if (message.type === 'ecard_laid' && message.id === 5) afterFirstLay = [...s.game.cards];
    if (message.type === 'match_end') atEnd = structuredClone({ ...s.game });
  });
  assert.deepEqual(afterFirstLay, ['emperor', 'citizen', 'citizen', 'citizen']);
  assert.equal(atEnd.side, 'emperor');
  assert.deepEqual(atEnd.cards, ['emperor', 'citizen', 'citizen']);
  assert.equal(atEnd.reveals.length, 2);
  assert.equal(atEnd.handResult.winner, 0);
  assert.equal(atEnd.matchOver, true);
  assert.deepEqual(state.lastResult.totals, [1, -1]);
  assert.equal(state.table, null); // the match's end sent everyone back to the lobby
  assert.equal(state.history.deals[0].kind, 'ecard');
  assert.equal(state.lastError.code, 'card_not_in_hand');
  assert.equal(state.lastError.request.card, 'slave');
});

test('the tic-tac-toe transcript: the board, the winning line and the score', () => {
  let lastBoard = null, result = null;
  play(transcriptOf('tictactoe'), (s, message) => {
    if (message.type === 'tictactoe_result') {
      lastBoard = s.game.board;
      result = s.game.result;
    }
  });
  assert.equal(lastBoard, 'ooxox.x..');
  assert.deepEqual(result.line, [3, 5, 7]);
  assert.deepEqual(result.score, [0, 1]);
});

test('the memory transcript: flips, misses turned back, pairs owned, layout verified', () => {
  let afterMiss = null, end = null, owners = null;
  play(transcriptOf('memory'), (s, message) => {
    if (message.type === 'memory_flip' && message.result === 'miss') {
      afterMiss = { board: [...s.game.board], miss: s.game.miss };
    }
    if (message.type === 'memory_end') {
      end = s.game.end;
      owners = [...s.game.owners];
    }
  });
  assert.deepEqual(afterMiss.board, [null, null, null, null, null, null]);
  assert.deepEqual(afterMiss.miss.cards, [1, 2]);
  assert.deepEqual(afterMiss.miss.faces, ['B', 'C']);
  assert.deepEqual(owners, [1, 1, 1, 1, 1, 1]);
  assert.equal(end.verification.verified, true, end.verification.problems.join('; '));
  assert.deepEqual(end.winners, [1]);
});

test('the roulette transcript: bets per seat, the spin verified', () => {
  let spin = null, bets = null;
  play(transcriptOf('roulette'), (s, message) => {
    if (message.type === 'roulette_spin') {
      spin = s.game.spin;
      bets = s.game.bets;
    }
  });
  assert.deepEqual(bets, [[{ chips: 5, segment: 2 }, { chips: 3, segment: 5 }],
    [{ chips: 4, segment: 5 }]]);
  assert.equal(spin.result, 6);
  assert.equal(spin.verification.verified, true);
});

test('a roulette spin that does not follow from its seed is not verified', () => {
  const steps = transcriptOf('roulette').map((step) => structuredClone(step));
  steps.find(({ message }) => message.type === 'roulette_spin').message.result = 2;
  let spin = null;
  play(steps, (s, message) => { if (message.type === 'roulette_spin') spin = s.game.spin; });
  assert.equal(spin.verification.verified, false);
});

test('a memory face that does not follow from the seed is not verified', () => {
  const steps = transcriptOf('memory').map((step) => structuredClone(step));
  steps.find(({ message }) => message.type === 'memory_flip').message.face = 'A';
  let end = null;
  play(steps, (s, message) => { if (message.type === 'memory_end') end = s.game.end; });
  assert.equal(end.verification.verified, false);
  assert.match(end.verification.problems.join(), /card 1 showed A/);
});

function atTable(kind = 'bigtwo', seats = 4) {
  const state = initialState();
  applyMessage(state, { type: 'welcome', name: 'ann', token: 't', resumed: false }, 0);
  applyMessage(state, { type: 'created', seat: 0, table: { id: 1, kind, name: 'demo',
    status: 'waiting', spectators: 0, turn_seconds: 30, games_played: 0,
    totals: Array(seats).fill(0),
    seats: Array.from({ length: seats }, (_, seat) => ({ seat, bot: false,
      connected: seat === 0, ...(seat === 0 ? { player: 'ann' } : {}) })) } }, 0);
  return state;
}

test('life at the table: sitting down, dropping, coming back, leaving, watching', () => {
  const state = atTable();
  const table = structuredClone(state.table);
  table.seats[1] = { seat: 1, player: 'bob', bot: false, connected: true };
  table.spectators = 1;
  applyMessage(state, { type: 'table', seat: 0, table }, 1);
  applyMessage(state, { type: 'seat', table: 1, seat: 1, player: 'bob', bot: true,
    reason: 'disconnected' }, 2);
  assert.equal(state.table.seats[1].connected, false);
  assert.equal(seatName(state, 1), "bob's bot");
  applyMessage(state, { type: 'seat', table: 1, seat: 1, player: 'bob', bot: false,
    reason: 'returned' }, 3);
  assert.equal(seatName(state, 1), 'bob');
  applyMessage(state, { type: 'seat', table: 1, seat: 1, player: 'bob', bot: true,
    reason: 'left' }, 4);
  assert.equal(seatName(state, 1), 'bot 1');
  assert.equal(seatName(state, 0), 'you');
  const words = state.events.map((event) => event.text);
  assert.ok(words.includes('bob sat down at seat 2'), words.join('|'));
  assert.ok(words.includes('someone is watching'));
  assert.ok(words.some((text) => /bob dropped/.test(text)));
  assert.ok(words.includes('bob is back'));
  assert.ok(words.some((text) => /bob left/.test(text)));
});

test('a turn with a deadline counts down on the server\'s clock', () => {
  const state = atTable();
  applyMessage(state, { type: 'deal_start', table: 1, deal: 1, commitment: 'c', seat: 0,
    hand: ['3D'], players: ['ann', null, null, null] }, 0);
  applyMessage(state, { type: 'turn', table: 1, seat: 0, can_pass: false, leading: true,
    must_include: '3D', deadline: 130_000 }, 95_000);
  assert.equal(currentDeadline(state), 130_000);
  assert.equal(state.clock.offset, 5000);
  applyMessage(state, { type: 'timer', table: 1, seat: 0, seconds_left: 10, deadline: 131_000 },
    116_000);
  assert.equal(currentDeadline(state), 131_000);
  assert.equal(state.timerWarning.seconds, 10);
});

test('a reserved seat shows the deal but no hand, and is not yet the player\'s turn', () => {
  const state = atTable();
  applyMessage(state, { type: 'state', seat: 0, table: { ...state.table, status: 'playing' },
    deal: { card_counts: [13, 13, 13, 13], commitment: 'c', current_seat: 0, deal: 2,
      leading: true, passed: [], played: [] } }, 0);
  assert.equal(state.game.deal.reserved, true);
  assert.equal(isMyTurn(state), false);
  applyMessage(state, { type: 'seat', table: 1, seat: 0, player: 'ann', bot: false, reason: 'joined' }, 1);
  applyMessage(state, { type: 'deal_start', table: 1, deal: 3, commitment: 'd', seat: 0,
    hand: ['3D'], players: ['ann', null, null, null] }, 2);
  applyMessage(state, { type: 'turn', table: 1, seat: 0, can_pass: false, leading: true }, 3);
  assert.equal(isMyTurn(state), true);
});

test('chat, lists and errors are kept for the views', () => {
  const state = atTable();
  applyMessage(state, { type: 'chat', from: 'bob', scope: 'table', table: 1,
    text: '<img src=x onerror=alert(1)>' }, 1);
  applyMessage(state, { type: 'chat', from: 'cat', scope: 'lobby', text: 'hi' }, 2);
  assert.equal(state.chat.length, 2);
  assert.equal(state.chat[0].text, '<img src=x onerror=alert(1)>');
  noteSent(state, { type: 'list', cursor: 3, id: 9 });
  applyMessage(state, { type: 'tables', id: 9, tables: [], next_cursor: 7 }, 3);
  assert.deepEqual(state.tables, { list: [], nextCursor: 7, cursor: 3 });
  applyMessage(state, { type: 'who', players: [{ name: 'ann', table: 1, seat: 0 }] }, 4);
  assert.equal(state.who.length, 1);
  applyMessage(state, { type: 'leaderboard', kind: 'memory', start: 0, players: [] }, 5);
  assert.equal(state.leaderboard.kind, 'memory');
  noteSent(state, { type: 'play', cards: ['4D'], id: 10 });
  applyMessage(state, { type: 'error', id: 10, code: 'does_not_beat', message: 'no' }, 6);
  assert.equal(state.lastError.request.cards[0], '4D');
  applyMessage(state, { type: 'left', table: 1 }, 7);
  assert.equal(state.table, null);
  assert.deepEqual(state.chat.map((line) => line.from), ['cat']);
  applyMessage(state, { type: 'shutdown', message: 'the server is shutting down' }, 8);
  assert.ok(state.shutdown);
});

test('tic-tac-toe restarts and E-Card sides swapping are told', () => {
  const state = atTable('tictactoe', 2);
  applyMessage(state, { type: 'tictactoe_round', table: 1, round: 3, first: 'x', score: [1, 1] }, 0);
  applyMessage(state, { type: 'tictactoe_restart', table: 1, seat: 1, agreed: [1], restarted: false }, 1);
  assert.deepEqual(state.game.restartAgreed, [1]);
  applyMessage(state, { type: 'tictactoe_restart', table: 1, seat: 0, agreed: [0, 1], restarted: true }, 2);
  assert.deepEqual(state.game.score, [0, 0]);
  const ecard = atTable('ecard', 2);
  applyMessage(ecard, { type: 'ecard_hand', table: 1, hand: 3, emperor_seat: 0, seat: 0,
    side: 'emperor', cards: ['emperor', 'citizen'] }, 0);
  applyMessage(ecard, { type: 'ecard_hand', table: 1, hand: 4, emperor_seat: 1, seat: 0,
    side: 'slave', cards: ['slave', 'citizen'] }, 1);
  assert.equal(ecard.game.swapped, true);
  assert.ok(ecard.events.some((event) => event.text === 'the sides swap'));
});

test('the ready check between games: its deadline, who is ready, gone when the game starts', () => {
  const state = atTable();
  applyMessage(state, { type: 'ready_check', table: 1, deadline: 20_000, ready: [] }, 1);
  assert.deepEqual(state.readyCheck.ready, []);
  assert.equal(state.ready, false);
  noteSent(state, { type: 'ready' });
  assert.equal(state.ready, true);
  applyMessage(state, { type: 'ready_check', table: 1, deadline: 20_000, ready: [0, 2] }, 2);
  assert.deepEqual(state.readyCheck.ready, [0, 2]);
  applyMessage(state, { type: 'deal_start', table: 1, deal: 2, commitment: 'c', seat: 0,
    hand: ['3D'], players: ['ann', null, null, null] }, 3);
  assert.equal(state.readyCheck, null);
  assert.equal(state.ready, false);
});

test('a record reply is the stored record, kept for a replay', () => {
  const state = initialState();
  const reply = serverExamples().find((example) => example.type === 'record' && example.moves);
  noteSent(state, { type: 'record', record: 2, id: 8 });
  applyMessage(state, { ...(reply || {}), type: 'record', id: 8, record: 2, kind: 'bigtwo',
    moves: [{ seat: 2, cards: '3D' }], players: ['ann', 'bob', 'bot:smart', 'cy'] }, 1);
  assert.equal(state.record.record, 2);
  assert.equal(state.record.moves.length, 1);
  assert.equal(state.record.type, undefined);
  assert.equal(state.record.id, undefined);
});

test('the server saying it cannot save results, then that it can again', () => {
  const state = atTable();
  applyMessage(state, { type: 'storage', table: 1, state: 'failing',
    message: 'the server cannot save results (no space left on device)' }, 1);
  assert.equal(state.storage.state, 'failing');
  assert.ok(state.events.some((event) => event.tone === 'alert' && /cannot save/.test(event.text)));
  applyMessage(state, { type: 'storage', table: 1, state: 'ok', message: 'results are being saved again' }, 2);
  assert.equal(state.storage.state, 'ok');
});
