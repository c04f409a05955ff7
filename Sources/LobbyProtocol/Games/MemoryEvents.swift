/// A memory game begins: the cards are laid out face down.
public struct MemoryStartNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// Game number at the table, from 1.
    public var game: Int
    /// Pairs on the table.
    public var pairs: Int
    /// Hex SHA-256 of the seed the layout is shuffled from; the seed comes in `memory_end`.
    public var commitment: String

    public init(table: Int, game: Int, pairs: Int, commitment: String) {
        self.table = table
        self.game = game
        self.pairs = pairs
        self.commitment = commitment
    }
}

/// A seat is asked to flip a card.
public struct MemoryTurnNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat to flip.
    public var seat: Int
    /// 1 for the first card of the turn, 2 for the second.
    public var flip: Int
    /// Unix ms deadline, if timed.
    public var deadline: Int64?

    public init(table: Int, seat: Int, flip: Int, deadline: Int64?) {
        self.table = table
        self.seat = seat
        self.flip = flip
        self.deadline = deadline
    }
}

/// A card was flipped: its face is public from now on.
public struct MemoryFlipNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat that flipped.
    public var seat: Int
    /// The card, from 1.
    public var card: Int
    /// Its face, a letter `A` to `Z`.
    public var face: String
    /// For the second card of a turn: `pair` (both stay up, the seat goes again) or `miss`
    /// (both turn face down, the turn passes).
    public var result: String?
    /// Pairs found per seat.
    public var scores: [Int]
    /// True when the server flipped for the seat because its turn timed out.
    public var timedOut: Bool?

    public init(
        table: Int, seat: Int, card: Int, face: String, result: String?, scores: [Int],
        timedOut: Bool?
    ) {
        self.table = table
        self.seat = seat
        self.card = card
        self.face = face
        self.result = result
        self.scores = scores
        self.timedOut = timedOut
    }
}

/// A memory game is over: every pair is found. The seed and the whole layout are revealed.
public struct MemoryEndNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// Game number at the table.
    public var game: Int
    /// Pairs found per seat.
    public var scores: [Int]
    /// The seats with the most pairs.
    public var winners: [Int]
    /// The layout: one letter per card, card 1 first.
    public var layout: String
    /// The seed, 64 hex digits.
    public var seed: String
    /// The commitment announced in `memory_start`.
    public var commitment: String
    /// Running totals per seat at the table (pairs over every game).
    public var totals: [Int]
    /// Each seat's person's own total at the table, nil for a seat no person holds; present
    /// only when some person's differs from their seat's total (see protocol.md, *Totals*).
    public var playerTotals: [Int?]?

    public init(
        table: Int, game: Int, scores: [Int], winners: [Int], layout: String, seed: String,
        commitment: String, totals: [Int], playerTotals: [Int?]? = nil
    ) {
        self.table = table
        self.game = game
        self.scores = scores
        self.winners = winners
        self.layout = layout
        self.seed = seed
        self.commitment = commitment
        self.totals = totals
        self.playerTotals = playerTotals
    }
}

/// The public state of a memory game: face-down cards show as `.`.
public struct MemoryView: Sendable, Codable, Equatable {
    /// Game number at the table.
    public var game: Int
    /// Pairs on the table.
    public var pairs: Int
    /// The commitment to the layout's seed.
    public var commitment: String
    /// One character per card, card 1 first: the face letter of a card face up (found, or
    /// the first card of the turn under way), `.` for a face-down card.
    public var board: String
    /// The seat to flip.
    public var seatToFlip: Int?
    /// The first card of the turn under way (from 1), if one is up.
    public var first: Int?
    /// Pairs found per seat.
    public var scores: [Int]
    /// Turn deadline (Unix ms), when a person's turn is timed.
    public var deadline: Int64?

    public init(
        game: Int, pairs: Int, commitment: String, board: String, seatToFlip: Int?, first: Int?,
        scores: [Int], deadline: Int64? = nil
    ) {
        self.game = game
        self.pairs = pairs
        self.commitment = commitment
        self.board = board
        self.seatToFlip = seatToFlip
        self.first = first
        self.scores = scores
        self.deadline = deadline
    }
}

extension MemoryView: GameSnapshotView {
    /// `memory` in `state`.
    public static let member = "memory"
}

extension Snapshot {
    /// The memory game in progress, if any.
    public var memory: MemoryView? {
        get { view(MemoryView.self) }
        set { setView(newValue) }
    }
}

/// The moves of a memory seat in a `hint` reply.
public struct MemoryHintMoves: GameHintMoves {
    /// The face-down cards that may be flipped, from 1.
    public var cards: [Int]?

    /// No move given.
    public init() {}

    /// The given moves.
    public init(cards: [Int]? = nil) {
        self.cards = cards
    }

    /// True when no field is given.
    public var isEmpty: Bool { cards == nil }
}

extension HintReply {
    /// Memory: ``MemoryHintMoves/cards``.
    public var cards: [Int]? {
        get { moves(MemoryHintMoves.self)?.cards }
        set { setMoves(MemoryHintMoves(cards: newValue)) }
    }
}
