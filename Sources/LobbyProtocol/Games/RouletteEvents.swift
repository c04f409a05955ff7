/// A roulette round begins: bets are open.
public struct RouletteRoundNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// Round number at the table, from 1.
    public var round: Int
    /// Segments on the wheel, numbered 1 to `segments`.
    public var segments: Int
    /// The most chips a seat may bet this round.
    public var maxStake: Int
    /// Hex SHA-256 of the seed the spin comes from; the seed comes in `roulette_spin`.
    public var commitment: String

    public init(table: Int, round: Int, segments: Int, maxStake: Int, commitment: String) {
        self.table = table
        self.round = round
        self.segments = segments
        self.maxStake = maxStake
        self.commitment = commitment
    }
}

/// A seat is asked for its bets.
public struct RouletteTurnNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat to bet.
    public var seat: Int
    /// Unix ms end of its betting time, if timed.
    public var deadline: Int64?

    public init(table: Int, seat: Int, deadline: Int64?) {
        self.table = table
        self.seat = seat
        self.deadline = deadline
    }
}

/// A seat's bets for the round, public to everyone.
public struct RouletteBetNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat that bet.
    public var seat: Int
    /// Its bets; empty when it let its betting time pass.
    public var bets: [RouletteStake]
    /// True when the seat's betting time ran out.
    public var timedOut: Bool?

    public init(table: Int, seat: Int, bets: [RouletteStake], timedOut: Bool?) {
        self.table = table
        self.seat = seat
        self.bets = bets
        self.timedOut = timedOut
    }
}

/// The wheel stopped: the result, each seat's net payout, and the revealed seed.
public struct RouletteSpinNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The round.
    public var round: Int
    /// The winning segment.
    public var result: Int
    /// Net chips per seat this round: a winning bet pays `segments − 1` to 1, a losing bet
    /// loses its chips.
    public var payouts: [Int]
    /// Chips per seat over every round at the table.
    public var totals: [Int]
    /// Each seat's person's own total at the table, nil for a seat no person holds; present
    /// only when some person's differs from their seat's total (see protocol.md, *Totals*).
    public var playerTotals: [Int?]?
    /// The seed, 64 hex digits.
    public var seed: String
    /// The commitment announced in `roulette_round`.
    public var commitment: String

    public init(
        table: Int, round: Int, result: Int, payouts: [Int], totals: [Int], seed: String,
        commitment: String, playerTotals: [Int?]? = nil
    ) {
        self.table = table
        self.round = round
        self.result = result
        self.payouts = payouts
        self.totals = totals
        self.seed = seed
        self.commitment = commitment
        self.playerTotals = playerTotals
    }
}

/// The public state of a roulette round: bets are public.
public struct RouletteView: Sendable, Codable, Equatable {
    /// The round.
    public var round: Int
    /// Segments on the wheel.
    public var segments: Int
    /// The most chips a seat may bet.
    public var maxStake: Int
    /// The commitment to the round's seed.
    public var commitment: String
    /// The seat whose bets are awaited.
    public var seatToBet: Int?
    /// Bets per seat so far (empty for a seat that has not bet).
    public var bets: [[RouletteStake]]
    /// Chips per seat over every round.
    public var totals: [Int]
    /// Turn deadline (Unix ms), when a person's turn is timed.
    public var deadline: Int64?

    public init(
        round: Int, segments: Int, maxStake: Int, commitment: String, seatToBet: Int?,
        bets: [[RouletteStake]], totals: [Int], deadline: Int64? = nil
    ) {
        self.round = round
        self.segments = segments
        self.maxStake = maxStake
        self.commitment = commitment
        self.seatToBet = seatToBet
        self.bets = bets
        self.totals = totals
        self.deadline = deadline
    }
}

extension RouletteView: GameSnapshotView {
    /// `roulette` in `state`.
    public static let member = "roulette"
}

extension Snapshot {
    /// The roulette round in progress, if any.
    public var roulette: RouletteView? {
        get { view(RouletteView.self) }
        set { setView(newValue) }
    }
}

/// The moves of a roulette seat in a `hint` reply.
public struct RouletteHintMoves: GameHintMoves {
    /// The segments that may be bet on, from 1.
    public var segments: [Int]?
    /// The most chips the seat may bet in all this round.
    public var maxChips: Int?

    /// No move given.
    public init() {}

    /// The given moves.
    public init(segments: [Int]? = nil, maxChips: Int? = nil) {
        self.segments = segments
        self.maxChips = maxChips
    }

    /// True when no field is given.
    public var isEmpty: Bool { segments == nil && maxChips == nil }
}

extension HintReply {
    /// Roulette: ``RouletteHintMoves/segments``.
    public var segments: [Int]? {
        get { moves(RouletteHintMoves.self)?.segments }
        set { setMoves(RouletteHintMoves(segments: newValue, maxChips: maxChips)) }
    }

    /// Roulette: ``RouletteHintMoves/maxChips``.
    public var maxChips: Int? {
        get { moves(RouletteHintMoves.self)?.maxChips }
        set { setMoves(RouletteHintMoves(segments: segments, maxChips: newValue)) }
    }
}
