/// The start of an E-Card hand. Each player learns their side and cards; spectators learn the
/// sides only.
public struct ECardHandNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// Hand number in the match, from 1.
    public var hand: Int
    /// The seat holding the Emperor side.
    public var emperorSeat: Int
    /// The receiver's seat, if seated.
    public var seat: Int?
    /// The receiver's side (`emperor` or `slave`), if seated.
    public var side: String?
    /// The receiver's cards, if seated.
    public var cards: [String]?

    public init(
        table: Int, hand: Int, emperorSeat: Int, seat: Int?, side: String?, cards: [String]?
    ) {
        self.table = table
        self.hand = hand
        self.emperorSeat = emperorSeat
        self.seat = seat
        self.side = side
        self.cards = cards
    }
}

/// A seat is asked to lay a card.
public struct ECardTurnNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat to lay.
    public var seat: Int
    /// True when this seat lays first in this play.
    public var first: Bool
    /// Unix ms deadline, if timed.
    public var deadline: Int64?

    public init(table: Int, seat: Int, first: Bool, deadline: Int64?) {
        self.table = table
        self.seat = seat
        self.first = first
        self.deadline = deadline
    }
}

/// A seat laid a card face down. The card is not told.
public typealias ECardLaidNotice = SeatActedNotice

/// Both cards of a play revealed together, with the outcome.
public struct ECardRevealNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// Hand number.
    public var hand: Int
    /// Play number within the hand, from 1.
    public var play: Int
    /// The cards laid, indexed by seat.
    public var cards: [String]
    /// `draw`, or the seat that won the hand.
    public var outcome: String
    /// The seat that won the hand, when the play decided it.
    public var winner: Int?
    /// The winning side, when decided.
    public var winningSide: String?
    /// Points the hand paid, when decided.
    public var payout: Int?
    /// Totals per seat after this play.
    public var totals: [Int]
    /// Each seat's person's own total at the table, nil for a seat no person holds; present
    /// only when some person's differs from their seat's total (see protocol.md, *Totals*).
    public var playerTotals: [Int?]?
    /// True when this play ended the match.
    public var matchOver: Bool

    public init(
        table: Int, hand: Int, play: Int, cards: [String], outcome: String, winner: Int?,
        winningSide: String?, payout: Int?, totals: [Int], matchOver: Bool,
        playerTotals: [Int?]? = nil
    ) {
        self.table = table
        self.hand = hand
        self.play = play
        self.cards = cards
        self.outcome = outcome
        self.winner = winner
        self.winningSide = winningSide
        self.payout = payout
        self.totals = totals
        self.matchOver = matchOver
        self.playerTotals = playerTotals
    }
}

/// The public state of an E-Card match, plus the receiver's own cards.
public struct ECardView: Sendable, Codable, Equatable {
    /// Hand number, from 1.
    public var hand: Int
    /// Play number within the hand, from 1.
    public var play: Int
    /// The seat holding the Emperor side.
    public var emperorSeat: Int
    /// The seat that lays first in this play.
    public var firstLayer: Int
    /// Seats that have laid face down in this play.
    public var laid: [Int]
    /// The seat whose card is awaited, if any.
    public var seatToLay: Int?
    /// Cards left per seat.
    public var cardCounts: [Int]
    /// The receiver's own cards, if seated.
    public var cards: [String]?
    /// Totals per seat.
    public var totals: [Int]
    /// Turn deadline (Unix ms), when a person's turn is timed.
    public var deadline: Int64?

    public init(
        hand: Int, play: Int, emperorSeat: Int, firstLayer: Int, laid: [Int], seatToLay: Int?,
        cardCounts: [Int], cards: [String]?, totals: [Int], deadline: Int64? = nil
    ) {
        self.hand = hand
        self.play = play
        self.emperorSeat = emperorSeat
        self.firstLayer = firstLayer
        self.laid = laid
        self.seatToLay = seatToLay
        self.cardCounts = cardCounts
        self.cards = cards
        self.totals = totals
        self.deadline = deadline
    }
}

extension ECardView: GameSnapshotView {
    /// `ecard` in `state`.
    public static let member = "ecard"
}

extension Snapshot {
    /// The E-Card match in progress, if any.
    public var ecard: ECardView? {
        get { view(ECardView.self) }
        set { setView(newValue) }
    }
}

/// The moves of an E-Card seat in a `hint` reply.
public struct ECardHintMoves: GameHintMoves {
    /// The cards that may be laid (`emperor`, `citizen`, `slave`).
    public var lays: [String]?

    /// No move given.
    public init() {}

    /// The given moves.
    public init(lays: [String]? = nil) {
        self.lays = lays
    }

    /// True when no field is given.
    public var isEmpty: Bool { lays == nil }
}

extension HintReply {
    /// E-Card: ``ECardHintMoves/lays``.
    public var lays: [String]? {
        get { moves(ECardHintMoves.self)?.lays }
        set { setMoves(ECardHintMoves(lays: newValue)) }
    }
}
