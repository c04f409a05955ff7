// Everything the page knows, built from the messages the server sends (protocol.md section 4,
// docs/games/) and the requests the page sent: one state, changed by `applyMessage` one message
// at a time.
// Views render from it. Pure: no DOM, no network; time comes in as `now`.

import { ServerClock } from './clock.js';
import { without, sortByRank, withDefaults, lowestCard } from './cards.js';
import { verifyBigTwo, verifyMemory, verifyRoulette } from './verify.js';

const CHAT_KEPT = 200;
const EVENTS_KEPT = 60;
const PENDING_KEPT = 64;

/** The state of a page that has not connected yet. */
export function initialState() {
  return {
    connection: 'idle', // idle, connecting, open, reconnecting, offline
    greeting: null,
    me: null, // {name, token, resumed}
    tables: { list: [], nextCursor: null, cursor: null },
    who: [],
    table: null, // the table description (protocol.md, "Table description")
    seat: null,
    spectator: false,
    game: null, // the game at the table, by kind (see newGame)
    chat: [],
    events: [], // life events in words: {text, at, tone}
    history: null,
    leaderboard: null,
    record: null, // a finished record asked for with `record`, for a replay
    hint: null,
    lastError: null,
    lastResult: null, // the last match's end, shown back in the lobby
    shutdown: null,
    storage: null, // the server's word that it cannot save results, or can again
    pending: {}, // request id -> request, for the replies that carry the id
    ready: false, // said `ready` during the pause after a deal
    readyCheck: null, // the pause before the next game: {table, deadline, ready}
    clock: new ServerClock(),
    help: null,
    stats: null,
    mode: null,
    lastPong: null,
    unhandled: null, // the type of the last message the page does not know
    malformed: null, // the last message that lacked the fields of its type
    moves: 0, // moves seen at tables (plays, passes, cards laid, marks, flips, bets)
    seq: 0, // bumped on every change, so views can tell
  };
}

/** The name people know a seat by. */
export function seatName(state, seat) {
  const info = state.table?.seats?.find((s) => s.seat === seat);
  if (seat === state.seat && state.seat !== null && !state.spectator) return 'you';
  if (info?.player) return info.bot ? `${info.player}'s bot` : info.player;
  return `bot ${seat}`;
}

function note(state, text, now, tone = 'info') {
  state.events.push({ text, at: now, tone });
  if (state.events.length > EVENTS_KEPT) state.events.splice(0, state.events.length - EVENTS_KEPT);
}

/** Records a request the page sent (with its `id`), so that its replies can be matched. */
export function noteSent(state, request) {
  if (request.type === 'ready') state.ready = true;
  state.seq++;
  if (request.id === undefined || request.id === null) return state;
  state.pending[request.id] = request;
  const ids = Object.keys(state.pending);
  if (ids.length > PENDING_KEPT) delete state.pending[ids[0]];
  return state;
}

/** Records the connection's condition (set by the connection, not by the server). */
export function setConnection(state, status) {
  state.connection = status;
  state.seq++;
  return state;
}

/** The empty game state of a table kind. */
export function newGame(kind) {
  switch (kind) {
    case 'bigtwo':
      return { kind, deal: null, end: null, matchEnd: null, missed: false };
    case 'ecard':
      return { kind, hand: null, emperorSeat: null, side: null, cards: [], laid: [], turn: null,
        reveals: [], handResult: null, totals: null, myLaid: null, matchOver: false,
        matchEnd: null, swapped: false };
    case 'tictactoe':
      return { kind, round: 0, board: '.........', first: 'o', score: [0, 0], turn: null,
        result: null, roundOver: false, restartAgreed: [], lastCell: null, matchEnd: null };
    case 'memory':
      return { kind, game: 0, pairs: 0, board: [], owners: [], first: null, scores: [], turn: null,
        flips: [], complete: false, miss: null, end: null, commitment: null, matchEnd: null };
    case 'roulette':
      return { kind, round: 0, segments: 0, maxStake: 0, commitment: null, bets: [], turn: null,
        spin: null, matchEnd: null };
    default:
      return { kind };
  }
}

function seatCount(state) {
  return state.table?.seats?.length || 0;
}

function optionsOf(state) {
  return withDefaults(state.table?.options);
}

/** True when the receiver holds a seat (not watching) at the table. */
export function isSeated(state) {
  return state.table !== null && state.seat !== null && !state.spectator;
}

/** True when the latest turn of the table's game is the receiver's. */
export function isMyTurn(state) {
  if (!isSeated(state) || !state.game) return false;
  const game = state.game;
  const turn = game.kind === 'bigtwo' ? game.deal?.turn : game.turn;
  return !!turn && turn.seat === state.seat && !(game.kind === 'bigtwo' && game.deal?.reserved);
}

/** The deadline (server ms) of the turn under way, if timed. */
export function currentDeadline(state) {
  const game = state.game;
  if (!game) return null;
  const turn = game.kind === 'bigtwo' ? game.deal?.turn : game.turn;
  return turn?.deadline || null;
}

// --- the lobby and the table -------------------------------------------------------------

function enterTable(state, notice, now) {
  const changed = state.table?.id !== notice.table.id;
  const kindChanged = state.game?.kind !== notice.table.kind;
  state.table = notice.table;
  state.seat = notice.seat ?? null;
  state.spectator = !!notice.spectator;
  if (changed || kindChanged || !state.game) state.game = newGame(notice.table.kind);
  if (changed) {
    state.chat = state.chat.filter((line) => line.scope !== 'table');
    state.lastResult = null;
    state.hint = null;
  }
}

function describeTableChange(state, before, after, now) {
  if (!before || before.id !== after.id) return;
  const seatsBefore = new Map(before.seats.map((s) => [s.seat, s]));
  for (const seat of after.seats) {
    const old = seatsBefore.get(seat.seat);
    if (seat.player && seat.player !== old?.player) {
      note(state, `${seat.player} sat down at seat ${seat.seat + 1}`, now, 'join');
    }
    if (old?.player && !seat.player) note(state, `${old.player} left the table`, now, 'leave');
  }
  if (after.spectators > before.spectators) {
    note(state, after.spectators === 1 ? 'someone is watching'
      : `${after.spectators} people are watching`, now);
  } else if (after.spectators < before.spectators) {
    note(state, after.spectators === 0 ? 'no one is watching now'
      : `${after.spectators} watching`, now);
  }
  if (before.status !== 'playing' && after.status === 'playing') {
    note(state, 'the game is on', now, 'start');
  }
}

function applySeatControl(state, control, now) {
  if (!state.table || state.table.id !== control.table) return;
  const info = state.table.seats.find((s) => s.seat === control.seat);
  if (!info) return;
  info.bot = control.bot;
  if (control.player) info.player = control.player;
  const who = control.player || `seat ${control.seat + 1}`;
  const mine = control.seat === state.seat && !state.spectator;
  switch (control.reason) {
    case 'disconnected':
      info.connected = false;
      note(state, `${who} dropped; a bot plays for them until they are back`, now, 'leave');
      break;
    case 'returned':
      info.connected = true;
      note(state, `${who} is back`, now, 'join');
      break;
    case 'timeouts':
      note(state, `${who} let their turns time out; a bot plays for them`, now, 'leave');
      break;
    case 'left':
      info.player = undefined;
      info.connected = false;
      note(state, `${who} left; a bot plays the seat`, now, 'leave');
      break;
    case 'reserved':
      note(state, mine ? 'your seat is yours from the next deal; a bot finishes this one'
        : `${who} takes seat ${control.seat + 1} from the next deal`, now, 'join');
      if (mine && state.game?.deal) state.game.deal.reserved = true;
      break;
    case 'joined':
      info.connected = true;
      note(state, mine ? 'the seat is yours' : `${who} took over seat ${control.seat + 1}`, now, 'join');
      break;
    default:
      note(state, control.bot ? `a bot plays for ${who}` : `${who} plays again`, now);
  }
}

// --- Big Two ----------------------------------------------------------------------------

function bigTwo(state) {
  if (state.game?.kind !== 'bigtwo') state.game = newGame('bigtwo');
  return state.game;
}

function applyDealStart(state, start, now) {
  const game = bigTwo(state);
  if (start.seat !== undefined && start.seat !== null) state.seat = start.seat;
  if (state.table && state.table.id === start.table) state.table.status = 'playing';
  const seats = start.players.length;
  game.deal = {
    table: start.table,
    deal: start.deal,
    commitment: start.commitment,
    players: start.players,
    hand: start.hand ? sortByRank(start.hand, optionsOf(state)) : null,
    dealt: start.hand ? [...start.hand] : null,
    cardCounts: Array(seats).fill(Math.floor(52 / Math.max(1, seats))),
    turn: null,
    tablePlay: null,
    passed: [],
    played: [],
    plays: [],
    complete: true,
    lastMove: null,
    lastCard: [],
    seatPlays: {}, // what each seat played last in this trick, by seat
    reserved: false,
    moves: 0, // plays and passes seen in this deal
  };
  game.end = null;
  game.missed = false;
  state.hint = null;
  endPause(state);
  note(state, `deal ${start.deal} is dealt`, now, 'start');
}

function applyTurn(state, turn, now) {
  const deal = bigTwo(state).deal;
  if (!deal) return;
  deal.turn = { ...turn };
  if (turn.leading) {
    deal.passed = [];
    deal.tablePlay = null;
    deal.seatPlays = {};
  }
  state.clock.learnTurn(turn.deadline, state.table?.turn_seconds, now);
  if (turn.seat === state.seat) state.hint = null;
}

function applyPlay(state, play, now) {
  const deal = bigTwo(state).deal;
  if (!deal) return;
  if (play.seat === state.seat && deal.hand) deal.hand = without(deal.hand, play.cards);
  deal.cardCounts[play.seat] = play.cards_left;
  deal.tablePlay = { seat: play.seat, cards: play.cards, combo: play.combo };
  deal.played.push(...play.cards);
  deal.plays.push({ seat: play.seat, cards: play.cards });
  deal.seatPlays = { ...deal.seatPlays, [play.seat]: [...play.cards] };
  deal.passed = deal.passed.filter((seat) => seat !== play.seat);
  deal.lastMove = { seat: play.seat, kind: 'play', cards: play.cards, combo: play.combo,
    timedOut: !!play.timed_out, at: now };
  deal.moves = (deal.moves || 0) + 1;
  if (deal.turn && deal.turn.seat === play.seat) deal.turn = null;
  if (play.cards_left === 1) {
    if (!deal.lastCard.includes(play.seat)) deal.lastCard.push(play.seat);
    note(state, `last card! ${seatName(state, play.seat)} ${play.seat === state.seat &&
      !state.spectator ? 'hold' : 'holds'} one card`, now, 'alert');
  }
  if (play.timed_out) note(state, `${seatName(state, play.seat)} ran out of time`, now);
}

function applyPass(state, pass, now) {
  const deal = bigTwo(state).deal;
  if (!deal) return;
  if (!deal.passed.includes(pass.seat)) deal.passed.push(pass.seat);
  if (deal.seatPlays?.[pass.seat]) {
    deal.seatPlays = { ...deal.seatPlays };
    delete deal.seatPlays[pass.seat];
  }
  deal.lastMove = { seat: pass.seat, kind: 'pass', timedOut: !!pass.timed_out, at: now };
  deal.moves = (deal.moves || 0) + 1;
  if (deal.turn && deal.turn.seat === pass.seat) deal.turn = null;
  if (pass.timed_out) note(state, `${seatName(state, pass.seat)} ran out of time and passed`, now);
}

function applyTrick(state, trick, now) {
  const deal = bigTwo(state).deal;
  if (!deal) return;
  deal.tablePlay = null;
  deal.passed = [];
  deal.seatPlays = {};
  deal.trickLeader = trick.leader;
}

function applyDealEnd(state, end, now) {
  const game = bigTwo(state);
  const deal = game.deal;
  const seat = state.spectator ? null : state.seat;
  const verification = verifyBigTwo({
    seed: end.seed,
    commitment: deal?.deal === end.deal ? deal.commitment : end.commitment,
    endCommitment: end.commitment,
    seat,
    dealt: deal?.deal === end.deal ? deal.dealt : null,
    plays: deal?.deal === end.deal ? deal.plays : [],
    hands: end.hands,
    complete: deal?.deal === end.deal && deal.complete,
  });
  game.end = { ...end, verification, at: now, nextDealAt: end.next_deal_at || null };
  if (deal) {
    deal.turn = null;
    deal.cardCounts = [...end.cards_left];
  }
  if (state.table && state.table.id === end.table) {
    state.table.totals = [...end.totals];
    state.table.games_played = Math.max(state.table.games_played || 0, end.deal);
  }
  state.ready = false;
  note(state, `${seatName(state, end.winner)} went out`, now, 'end');
}

function applyBigTwoSnapshot(state, snapshot, now) {
  const game = bigTwo(state);
  const view = snapshot.deal;
  if (!view) {
    if (game.deal && !game.end) {
      game.missed = true;
      game.deal = null;
      note(state, 'a deal ended while you were away', now);
    }
    return;
  }
  const same = game.deal && game.deal.deal === view.deal && game.deal.commitment === view.commitment
    && game.deal.table === snapshot.table.id;
  if (!same) {
    game.deal = {
      table: snapshot.table.id, deal: view.deal, commitment: view.commitment, players: null,
      hand: null, dealt: null, cardCounts: [], turn: null, tablePlay: null, passed: [],
      played: [], plays: [], complete: false, lastMove: null, lastCard: [], seatPlays: {},
      reserved: false,
    };
    game.end = null;
  }
  const deal = game.deal;
  // Plays missed while away cannot be told apart in `played` (deck order), so the deal can
  // then be checked only for the cards seen.
  if (same && view.played.length !== deal.played.length) deal.complete = false;
  // The snapshot names only the play to beat: the trick's earlier plays, if missed, are gone.
  if (!same || view.played.length !== deal.played.length || !deal.seatPlays) {
    deal.seatPlays = view.table_play ? { [view.table_seat]: [...view.table_play] } : {};
  }
  deal.played = [...view.played];
  deal.hand = snapshot.hand ? sortByRank(snapshot.hand, optionsOf(state)) : null;
  // A seat taken during a deal is the bot's until the next one: its snapshot has no hand.
  deal.reserved = snapshot.seat !== undefined && snapshot.seat !== null && !snapshot.hand;
  deal.cardCounts = [...view.card_counts];
  deal.passed = [...view.passed];
  deal.tablePlay = view.table_play
    ? { seat: view.table_seat, cards: view.table_play, combo: view.table_combo } : null;
  deal.turn = {
    table: snapshot.table.id, seat: view.current_seat, leading: view.leading,
    can_pass: !view.leading, to_beat: view.table_play,
    must_include: view.played.length === 0 ? lowestCard(optionsOf(state)) : undefined,
    deadline: view.deadline,
  };
  deal.lastCard = view.card_counts.map((count, seat) => (count === 1 ? seat : -1))
    .filter((seat) => seat >= 0);
}

/** A new game began: the pause before it and who was ready are over. */
function endPause(state) {
  state.readyCheck = null;
  state.ready = false;
}

/** Gives back the hand dealt at the start of a deal (kept by the page across a reload). */
export function rememberDealt(state, { table, deal, commitment, hand }) {
  const current = state.game?.deal;
  if (current && !current.dealt && current.table === table && current.deal === deal
    && current.commitment === commitment) {
    current.dealt = [...hand];
    state.seq++;
  }
  return state;
}

// --- E-Card -----------------------------------------------------------------------------

function eCard(state) {
  if (state.game?.kind !== 'ecard') state.game = newGame('ecard');
  return state.game;
}

function applyECardHand(state, notice, now) {
  const game = eCard(state);
  if (notice.seat !== undefined && notice.seat !== null) state.seat = notice.seat;
  game.swapped = game.emperorSeat !== null && game.emperorSeat !== notice.emperor_seat
    && notice.hand > 1;
  if (game.swapped) note(state, 'the sides swap', now);
  if (notice.hand === 1) {
    endPause(state);
    game.totals = Array(seatCount(state) || 2).fill(0);
    game.matchOver = false;
    game.matchEnd = null;
  }
  game.hand = notice.hand;
  game.emperorSeat = notice.emperor_seat;
  game.side = notice.side || null;
  game.cards = notice.cards ? [...notice.cards] : [];
  game.laid = [];
  game.turn = null;
  game.reveals = [];
  game.handResult = null;
  game.myLaid = null;
}

function applyECardLaid(state, laid, id, now) {
  const game = eCard(state);
  if (!game.laid.includes(laid.seat)) game.laid.push(laid.seat);
  if (game.turn && game.turn.seat === laid.seat) game.turn = null;
  if (laid.seat === state.seat && !state.spectator) {
    const request = id !== undefined ? state.pending[id] : null;
    if (request?.type === 'lay' && game.myLaid === null) {
      const index = game.cards.indexOf(request.card);
      if (index >= 0) game.cards.splice(index, 1);
      game.myLaid = request.card;
    }
  }
  if (laid.timed_out) note(state, `${seatName(state, laid.seat)} ran out of time`, now);
}

function applyECardReveal(state, reveal, now) {
  const game = eCard(state);
  const mine = state.spectator ? null : state.seat;
  if (mine !== null && game.myLaid === null && reveal.cards[mine]) {
    const index = game.cards.indexOf(reveal.cards[mine]);
    if (index >= 0) game.cards.splice(index, 1);
  }
  game.myLaid = null;
  game.laid = [];
  game.turn = null;
  game.reveals.push({ ...reveal });
  game.totals = [...reveal.totals];
  if (reveal.winner !== undefined && reveal.winner !== null) {
    game.handResult = { ...reveal };
    note(state, `${seatName(state, reveal.winner)} won hand ${reveal.hand} with the ` +
      `${reveal.winning_side} side (+${reveal.payout})`, now, 'end');
  }
  if (reveal.match_over) game.matchOver = true;
}

function applyECardSnapshot(state, snapshot) {
  const game = eCard(state);
  const view = snapshot.ecard;
  if (!view) return;
  if (game.hand !== view.hand) {
    game.reveals = [];
    game.handResult = null;
  }
  game.hand = view.hand;
  game.emperorSeat = view.emperor_seat;
  const mine = snapshot.seat;
  game.side = mine === undefined || mine === null || snapshot.spectator ? null
    : (mine === view.emperor_seat ? 'emperor' : 'slave');
  game.cards = view.cards ? [...view.cards] : [];
  game.laid = [...view.laid];
  game.totals = [...view.totals];
  game.cardCounts = [...view.card_counts];
  game.turn = view.seat_to_lay !== undefined && view.seat_to_lay !== null
    ? { seat: view.seat_to_lay, first: view.first_layer === view.seat_to_lay } : null;
  // A card of ours already down is one fewer in hand than the count says.
  game.myLaid = mine !== null && view.laid.includes(mine) ? 'laid' : null;
}

// --- tic-tac-toe ------------------------------------------------------------------------

function ticTacToe(state) {
  if (state.game?.kind !== 'tictactoe') state.game = newGame('tictactoe');
  return state.game;
}

function applyTicTacToe(state, message, now) {
  const game = ticTacToe(state);
  switch (message.type) {
    case 'tictactoe_round':
      endPause(state);
      game.round = message.round;
      game.first = message.first;
      game.score = [...message.score];
      game.board = '.........';
      game.result = null;
      game.roundOver = false;
      game.turn = null;
      game.lastCell = null;
      game.restartAgreed = [];
      break;
    case 'tictactoe_turn':
      game.turn = { ...message };
      state.clock.learnTurn(message.deadline, state.table?.turn_seconds, now);
      break;
    case 'tictactoe_mark':
      game.board = message.board;
      game.lastCell = message.cell;
      if (game.turn && game.turn.seat === message.seat) game.turn = null;
      if (message.timed_out) note(state, `${seatName(state, message.seat)} ran out of time`, now);
      break;
    case 'tictactoe_result':
      game.result = { ...message };
      game.score = [...message.score];
      game.roundOver = true;
      game.turn = null;
      note(state, message.winner === undefined || message.winner === null
        ? `round ${message.round} is a draw` : `${seatName(state, message.winner)} won round ${message.round}`,
      now, 'end');
      break;
    case 'tictactoe_restart':
      game.restartAgreed = [...message.agreed];
      if (message.restarted) {
        game.score = [0, 0];
        note(state, 'the match starts again from 0–0', now);
      } else {
        note(state, `${seatName(state, message.seat)} asks to restart the match`, now);
      }
      break;
    default:
  }
}

function applyTicTacToeSnapshot(state, snapshot) {
  const game = ticTacToe(state);
  const view = snapshot.tictactoe;
  if (!view) return;
  game.round = view.round;
  game.board = view.board;
  game.first = view.first;
  game.score = [...view.score];
  game.roundOver = view.round_over;
  game.restartAgreed = [...view.restart_agreed];
  game.turn = view.seat_to_move !== undefined && view.seat_to_move !== null
    ? { seat: view.seat_to_move, mark: view.seat_to_move === 0 ? 'o' : 'x' } : null;
  if (!view.round_over) game.result = null;
}

// --- memory -----------------------------------------------------------------------------

function memory(state) {
  if (state.game?.kind !== 'memory') state.game = newGame('memory');
  return state.game;
}

function applyMemory(state, message, now) {
  const game = memory(state);
  switch (message.type) {
    case 'memory_start': {
      const cards = message.pairs * 2;
      endPause(state);
      game.game = message.game;
      game.pairs = message.pairs;
      game.commitment = message.commitment;
      game.board = Array(cards).fill(null);
      game.owners = Array(cards).fill(null);
      game.first = null;
      game.scores = Array(seatCount(state) || 1).fill(0);
      game.turn = null;
      game.flips = [];
      game.complete = true;
      game.miss = null;
      game.end = null;
      break;
    }
    case 'memory_turn':
      game.turn = { ...message };
      state.clock.learnTurn(message.deadline, state.table?.turn_seconds, now);
      break;
    case 'memory_flip': {
      const index = message.card - 1;
      game.board[index] = message.face;
      game.flips.push({ card: message.card, face: message.face });
      game.scores = [...message.scores];
      game.turn = null;
      game.miss = null;
      if (!message.result) {
        game.first = message.card;
      } else if (message.result === 'pair') {
        game.owners[index] = message.seat;
        if (game.first) game.owners[game.first - 1] = message.seat;
        game.first = null;
      } else {
        const first = game.first;
        game.miss = { cards: [first, message.card],
          faces: [first ? game.board[first - 1] : null, message.face], at: now };
        if (first) game.board[first - 1] = null;
        game.board[index] = null;
        game.first = null;
      }
      if (message.timed_out) note(state, `${seatName(state, message.seat)} ran out of time`, now);
      break;
    }
    case 'memory_end':
      game.end = { ...message, at: now, verification: verifyMemory({
        seed: message.seed, commitment: game.commitment, endCommitment: message.commitment,
        pairs: game.pairs || message.layout.length / 2, layout: message.layout,
        flips: game.flips }) };
      game.board = message.layout.split('');
      game.scores = [...message.scores];
      game.turn = null;
      game.miss = null;
      if (state.table) state.table.totals = [...message.totals];
      note(state, message.winners.length === 1
        ? `${seatName(state, message.winners[0])} found the most pairs`
        : 'a tie for the most pairs', now, 'end');
      break;
    default:
  }
}

function applyMemorySnapshot(state, snapshot) {
  const game = memory(state);
  const view = snapshot.memory;
  if (!view) return;
  if (game.game !== view.game || game.commitment !== view.commitment) {
    game.flips = [];
    game.owners = Array(view.board.length).fill(null);
    game.end = null;
  }
  game.complete = false;
  game.game = view.game;
  game.pairs = view.pairs;
  game.commitment = view.commitment;
  game.board = view.board.split('').map((face) => (face === '.' ? null : face));
  if (game.owners.length !== game.board.length) game.owners = Array(game.board.length).fill(null);
  game.first = view.first ?? null;
  game.scores = [...view.scores];
  game.miss = null;
  game.turn = view.seat_to_flip !== undefined && view.seat_to_flip !== null
    ? { seat: view.seat_to_flip, flip: view.first ? 2 : 1 } : null;
}

// --- roulette ---------------------------------------------------------------------------

function roulette(state) {
  if (state.game?.kind !== 'roulette') state.game = newGame('roulette');
  return state.game;
}

function applyRoulette(state, message, now) {
  const game = roulette(state);
  switch (message.type) {
    case 'roulette_round':
      endPause(state);
      game.round = message.round;
      game.segments = message.segments;
      game.maxStake = message.max_stake;
      game.commitment = message.commitment;
      game.bets = Array(seatCount(state) || 1).fill(null).map(() => null);
      game.turn = null;
      game.spin = null;
      break;
    case 'roulette_turn':
      game.turn = { ...message };
      state.clock.learnTurn(message.deadline, state.table?.turn_seconds, now);
      break;
    case 'roulette_bet':
      game.bets[message.seat] = [...message.bets];
      if (game.turn && game.turn.seat === message.seat) game.turn = null;
      if (message.timed_out) note(state, `${seatName(state, message.seat)} ran out of time`, now);
      break;
    case 'roulette_spin':
      game.spin = { ...message, at: now, verification: verifyRoulette({
        seed: message.seed, commitment: game.commitment, endCommitment: message.commitment,
        segments: game.segments || state.table?.segments, result: message.result }) };
      game.turn = null;
      if (state.table) state.table.totals = [...message.totals];
      note(state, `the wheel stops on ${message.result}`, now, 'end');
      break;
    default:
  }
}

function applyRouletteSnapshot(state, snapshot) {
  const game = roulette(state);
  const view = snapshot.roulette;
  if (!view) return;
  if (game.round !== view.round) game.spin = null;
  game.round = view.round;
  game.segments = view.segments;
  game.maxStake = view.max_stake;
  game.commitment = view.commitment;
  // In a snapshot, a seat that has not bet yet and one that bet nothing both show [].
  game.bets = view.bets.map((bets, seat) => (bets.length || (view.seat_to_bet !== undefined
    && seat < view.seat_to_bet) ? [...bets] : null));
  game.turn = view.seat_to_bet !== undefined && view.seat_to_bet !== null
    ? { seat: view.seat_to_bet } : null;
}

// --- the message switch -----------------------------------------------------------------

function applySnapshot(state, snapshot, now) {
  const changed = state.table?.id !== snapshot.table.id;
  enterTable(state, { table: snapshot.table, seat: snapshot.seat, spectator: snapshot.spectator
    ?? (snapshot.seat === undefined || snapshot.seat === null) }, now);
  if (changed) state.game = newGame(snapshot.table.kind);
  switch (snapshot.table.kind) {
    case 'bigtwo': applyBigTwoSnapshot(state, snapshot, now); break;
    case 'ecard': applyECardSnapshot(state, snapshot); break;
    case 'tictactoe': applyTicTacToeSnapshot(state, snapshot); break;
    case 'memory': applyMemorySnapshot(state, snapshot); break;
    case 'roulette': applyRouletteSnapshot(state, snapshot); break;
    default:
  }
}

function applyMatchEnd(state, end, now) {
  if (state.table && state.table.id === end.table) state.table.totals = [...end.totals];
  if (state.game) {
    state.game.matchEnd = { ...end, at: now };
    if (state.game.kind === 'ecard') state.game.matchOver = true;
  }
  state.lastResult = {
    table: end.table,
    name: state.table?.name,
    kind: state.table?.kind,
    games: end.games,
    totals: [...end.totals],
    names: state.table ? state.table.seats.map((s) => seatName(state, s.seat)) : [],
    at: now,
  };
  note(state, `match over after ${end.games} game${end.games === 1 ? '' : 's'}`, now, 'end');
}

/**
 * Applies one server message (a parsed JSON object) to the state, in place, and returns the
 * state. Unknown messages change nothing but the sequence number.
 */
export function applyMessage(state, message, now = Date.now()) {
  const id = message.id;
  const request = id !== undefined && id !== null ? state.pending[id] : undefined;
  try {
    applyByType(state, message, id, request, now);
  } catch (error) {
    // A message without the fields its type has: keep the page going, and say so.
    state.malformed = { type: message.type, error: String(error) };
  }
  if (request) delete state.pending[id];
  if (MOVES.has(message.type)) state.moves++;
  state.seq++;
  return state;
}

/** The messages that are a move at a table: `state.moves` counts them. */
const MOVES = new Set(['play', 'pass', 'ecard_laid', 'tictactoe_mark', 'memory_flip', 'roulette_bet']);

function applyByType(state, message, id, request, now) {
  switch (message.type) {
    case 'greeting':
      state.greeting = { ...message };
      break;
    case 'welcome':
      state.me = { name: message.name, token: message.token, resumed: message.resumed };
      state.shutdown = null;
      if (!message.resumed) {
        state.table = null;
        state.seat = null;
        state.game = null;
      } else if (message.table === undefined || message.table === null) {
        state.table = null;
        state.seat = null;
        state.game = null;
      } else if (message.seat !== undefined) {
        state.seat = message.seat;
      }
      break;
    case 'help':
      state.help = { commands: message.commands, text: message.text };
      break;
    case 'pong':
      state.lastPong = now;
      break;
    case 'tables':
      state.tables = { list: message.tables, nextCursor: message.next_cursor ?? null,
        cursor: request?.cursor ?? null };
      break;
    case 'created':
    case 'joined':
    case 'watching':
      enterTable(state, message, now);
      note(state, message.type === 'watching' ? `you watch ${message.table.name}`
        : `you sit at ${message.table.name}`, now, 'join');
      break;
    case 'table': {
      const before = state.table;
      if (!before || before.id !== message.table.id) {
        enterTable(state, message, now);
      } else {
        describeTableChange(state, before, message.table, now);
        state.table = message.table;
        if (message.seat !== undefined && message.seat !== null) state.seat = message.seat;
        if (message.spectator) state.spectator = true;
      }
      break;
    }
    case 'left':
      if (state.table && state.table.id === message.table) {
        state.table = null;
        state.seat = null;
        state.spectator = false;
        state.game = null;
        state.hint = null;
        endPause(state);
        state.chat = state.chat.filter((line) => line.scope !== 'table');
      }
      break;
    case 'state':
      applySnapshot(state, message, now);
      break;
    case 'seat':
      applySeatControl(state, message, now);
      break;
    case 'deal_start': applyDealStart(state, message, now); break;
    case 'turn': applyTurn(state, message, now); break;
    case 'timer':
      state.clock.learnTimer(message, now);
      if (state.game?.kind === 'bigtwo' && state.game.deal?.turn?.seat === message.seat) {
        state.game.deal.turn.deadline = message.deadline;
      } else if (state.game?.turn?.seat === message.seat) {
        state.game.turn.deadline = message.deadline;
      }
      state.timerWarning = { seat: message.seat, at: now, seconds: message.seconds_left };
      break;
    case 'play': applyPlay(state, message, now); break;
    case 'pass': applyPass(state, message, now); break;
    case 'trick': applyTrick(state, message, now); break;
    case 'deal_end': applyDealEnd(state, message, now); break;
    case 'match_end': applyMatchEnd(state, message, now); break;
    case 'ready_check':
      state.readyCheck = { table: message.table, deadline: message.deadline,
        ready: [...message.ready], at: now };
      if (state.seat !== null && message.ready.includes(state.seat)) state.ready = true;
      break;
    case 'ecard_hand': applyECardHand(state, message, now); break;
    case 'ecard_turn':
      eCard(state).turn = { ...message };
      state.clock.learnTurn(message.deadline, state.table?.turn_seconds, now);
      break;
    case 'ecard_laid': applyECardLaid(state, message, id, now); break;
    case 'ecard_reveal': applyECardReveal(state, message, now); break;
    case 'tictactoe_round':
    case 'tictactoe_turn':
    case 'tictactoe_mark':
    case 'tictactoe_result':
    case 'tictactoe_restart':
      applyTicTacToe(state, message, now);
      break;
    case 'memory_start':
    case 'memory_turn':
    case 'memory_flip':
    case 'memory_end':
      applyMemory(state, message, now);
      break;
    case 'roulette_round':
    case 'roulette_turn':
    case 'roulette_bet':
    case 'roulette_spin':
      applyRoulette(state, message, now);
      break;
    case 'chat':
      state.chat.push({ from: message.from, text: message.text, scope: message.scope,
        table: message.table, at: now });
      if (state.chat.length > CHAT_KEPT) state.chat.splice(0, state.chat.length - CHAT_KEPT);
      break;
    case 'history':
      state.history = { deals: message.deals, nextCursor: message.next_cursor ?? null,
        player: request?.player ?? null, cursor: request?.cursor ?? null };
      break;
    case 'leaderboard':
      state.leaderboard = { kind: message.kind || 'bigtwo', start: message.start || 0,
        players: message.players, nextCursor: message.next_cursor ?? null };
      break;
    case 'record': {
      // The reply is the stored record itself, with its `type` (and the request's `id`).
      const { type, id: _id, ...record } = message;
      state.record = record;
      break;
    }
    case 'hint':
      state.hint = { ...message, at: now };
      break;
    case 'who':
      state.who = message.players;
      break;
    case 'error':
      state.lastError = { code: message.code, message: message.message, id, request, at: now };
      break;
    case 'storage':
      // The server cannot save results for now (a full disk, say), or can again.
      state.storage = { state: message.state, message: message.message, table: message.table, at: now };
      note(state, message.message, now, message.state === 'ok' ? 'info' : 'alert');
      break;
    case 'shutdown':
      state.shutdown = { message: message.message, at: now };
      note(state, 'the server is restarting; the page will reconnect', now, 'alert');
      break;
    case 'mode':
      state.mode = { mode: message.mode, ascii: message.ascii };
      break;
    case 'stats':
      state.stats = { ...message };
      break;
    default:
      // A message of a later protocol: nothing to show, but a test can tell.
      state.unhandled = message.type;
  }
}
