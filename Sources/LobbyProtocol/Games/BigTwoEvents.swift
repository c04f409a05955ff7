import CardGames

/// The start of a Big Two deal. Each seated player receives only their own hand; everyone
/// receives the seed commitment before any card is played.
public struct DealStart: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// Deal number at this table, from 1.
    public var deal: Int
    /// SHA-256 (hex) of the deal's secret seed, revealed in `deal_end`.
    public var commitment: String
    /// The receiver's seat, if seated.
    public var seat: Int?
    /// The receiver's hand, if seated; never another seat's.
    public var hand: [Card]?
    /// Names of the seats' players (nil for a bot seat).
    public var players: [String?]

    public init(
        table: Int, deal: Int, commitment: String, seat: Int?, hand: [Card]?, players: [String?]
    ) {
        self.table = table
        self.deal = deal
        self.commitment = commitment
        self.seat = seat
        self.hand = hand
        self.players = players
    }
}

/// Whose turn it is.
public struct TurnNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat to act.
    public var seat: Int
    /// True when the seat may pass.
    public var canPass: Bool
    /// True when the seat leads a new trick.
    public var leading: Bool
    /// The card the play must include (first play of a deal).
    public var mustInclude: Card?
    /// The cards to beat, when following.
    public var toBeat: [Card]?
    /// Unix time in milliseconds when the turn times out; nil without a timer.
    public var deadline: Int64?

    public init(
        table: Int, seat: Int, canPass: Bool, leading: Bool, mustInclude: Card?, toBeat: [Card]?,
        deadline: Int64?
    ) {
        self.table = table
        self.seat = seat
        self.canPass = canPass
        self.leading = leading
        self.mustInclude = mustInclude
        self.toBeat = toBeat
        self.deadline = deadline
    }
}

/// A play made at a Big Two table.
public struct PlayNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat that played.
    public var seat: Int
    /// The cards played.
    public var cards: [Card]
    /// The combination's kind, e.g. `pair`, `full_house`.
    public var combo: String
    /// Cards the seat has left.
    public var cardsLeft: Int
    /// True when the server made the move because the turn timed out.
    public var timedOut: Bool?

    public init(
        table: Int, seat: Int, cards: [Card], combo: String, cardsLeft: Int, timedOut: Bool? = nil
    ) {
        self.table = table
        self.seat = seat
        self.cards = cards
        self.combo = combo
        self.cardsLeft = cardsLeft
        self.timedOut = timedOut
    }
}

/// A pass at a Big Two table.
public typealias PassNotice = SeatActedNotice

/// Everyone else passed: the trick is won and its winner leads.
public struct TrickNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat that won the trick and now leads.
    public var leader: Int

    public init(table: Int, leader: Int) {
        self.table = table
        self.leader = leader
    }
}

/// The end of a Big Two deal: every remaining hand, the scores, and the secret seed.
public struct DealEnd: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// Deal number at this table.
    public var deal: Int
    /// The seat that went out.
    public var winner: Int
    /// The cards each seat still held.
    public var hands: [[Card]]
    /// Cards left per seat.
    public var cardsLeft: [Int]
    /// Penalty per seat under the table's scoring.
    public var penalties: [Int]
    /// Score change per seat (sums to zero).
    public var scores: [Int]
    /// Running totals per seat: every deal at the table, whoever played the seat.
    public var totals: [Int]
    /// Each seat's person's own total at the table, nil for a seat no person holds; present
    /// only when some person's differs from their seat's total (see protocol.md, *Totals*).
    public var playerTotals: [Int?]?
    /// The seat that paid every penalty under the last-card rule, if any.
    public var liableSeat: Int?
    /// The deal's secret seed (64 hex digits).
    public var seed: String
    /// The commitment sent at the start (SHA-256 of the seed).
    public var commitment: String

    public init(
        table: Int, deal: Int, winner: Int, hands: [[Card]], cardsLeft: [Int], penalties: [Int],
        scores: [Int], totals: [Int], liableSeat: Int?, seed: String, commitment: String,
        playerTotals: [Int?]? = nil
    ) {
        self.table = table
        self.deal = deal
        self.winner = winner
        self.hands = hands
        self.cardsLeft = cardsLeft
        self.penalties = penalties
        self.scores = scores
        self.totals = totals
        self.liableSeat = liableSeat
        self.seed = seed
        self.commitment = commitment
        self.playerTotals = playerTotals
    }
}

/// The public state of a Big Two deal in progress.
public struct DealView: Sendable, Codable, Equatable {
    /// Deal number at the table.
    public var deal: Int
    /// Seed commitment.
    public var commitment: String
    /// Seat to act.
    public var currentSeat: Int
    /// True when the current seat leads.
    public var leading: Bool
    /// The cards to beat, if any.
    public var tablePlay: [Card]?
    /// Their combination kind.
    public var tableCombo: String?
    /// Who played them.
    public var tableSeat: Int?
    /// Cards held per seat.
    public var cardCounts: [Int]
    /// Seats that passed in this trick.
    public var passed: [Int]
    /// Every card played so far in this deal.
    public var played: [Card]
    /// Turn deadline (Unix ms), if timed.
    public var deadline: Int64?

    public init(
        deal: Int, commitment: String, currentSeat: Int, leading: Bool, tablePlay: [Card]?,
        tableCombo: String?, tableSeat: Int?, cardCounts: [Int], passed: [Int], played: [Card],
        deadline: Int64?
    ) {
        self.deal = deal
        self.commitment = commitment
        self.currentSeat = currentSeat
        self.leading = leading
        self.tablePlay = tablePlay
        self.tableCombo = tableCombo
        self.tableSeat = tableSeat
        self.cardCounts = cardCounts
        self.passed = passed
        self.played = played
        self.deadline = deadline
    }
}

extension DealView: GameSnapshotView {
    /// `deal` in `state`.
    public static let member = "deal"
}

extension Snapshot {
    /// The Big Two deal in progress, if any.
    public var deal: DealView? {
        get { view(DealView.self) }
        set { setView(newValue) }
    }
}

/// The moves of a Big Two seat in a `hint` reply.
public struct BigTwoHintMoves: GameHintMoves {
    /// Every legal play, weakest first (fewest cards, then the lower kind, then the
    /// lower combination).
    public var plays: [HintReply.Play]?
    /// Whether `pass` is legal.
    public var canPass: Bool?

    /// No move given.
    public init() {}

    /// The given moves.
    public init(plays: [HintReply.Play]? = nil, canPass: Bool? = nil) {
        self.plays = plays
        self.canPass = canPass
    }

    /// True when no field is given.
    public var isEmpty: Bool { plays == nil && canPass == nil }
}

extension HintReply {
    /// Big Two: ``BigTwoHintMoves/plays``.
    public var plays: [HintReply.Play]? {
        get { moves(BigTwoHintMoves.self)?.plays }
        set { setMoves(BigTwoHintMoves(plays: newValue, canPass: canPass)) }
    }

    /// Big Two: ``BigTwoHintMoves/canPass``.
    public var canPass: Bool? {
        get { moves(BigTwoHintMoves.self)?.canPass }
        set { setMoves(BigTwoHintMoves(plays: plays, canPass: newValue)) }
    }
}
