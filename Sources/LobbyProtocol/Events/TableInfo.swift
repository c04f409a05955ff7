import CardGames

/// Whether a table is waiting for players, playing, or done.
public enum TableStatus: String, Sendable, Codable, Equatable {
    case waiting, playing, finished
}

/// One seat of a table as everyone may see it.
public struct SeatInfo: Sendable, Codable, Equatable {
    /// Seat number, from 0.
    public var seat: Int
    /// The name of the person who owns the seat, if any.
    public var player: String?
    /// True when a bot is playing the seat (an empty seat of a started table, or a player
    /// who is away).
    public var bot: Bool
    /// True when the seat's player is connected.
    public var connected: Bool
    /// The player's own total at the table (the games credited to them), present only when
    /// it differs from the seat's total, which counts every game the seat played.
    public var playerTotal: Int?

    /// Creates a seat description.
    public init(
        seat: Int, player: String?, bot: Bool, connected: Bool, playerTotal: Int? = nil
    ) {
        self.seat = seat
        self.player = player
        self.bot = bot
        self.connected = connected
        self.playerTotal = playerTotal
    }
}

/// The public description of a table, as in `tables`, `joined` and `state`. Each kind adds
/// its own settings: Big Two `rules` and `options`, E-Card `ecard`, tic-tac-toe `first`,
/// memory `pairs`, roulette `segments` and `maxStake`.
public struct TableInfo: Sendable, Codable, Equatable {
    /// The table's id, used by `join` and `watch`.
    public var id: Int
    /// The kind of game.
    public var kind: TableKind
    /// Display name.
    public var name: String
    /// Waiting, playing or finished.
    public var status: TableStatus
    /// The seats, in order.
    public var seats: [SeatInfo]
    /// The Big Two rule preset name (`standard`, `taiwan`) or `custom`; nil for E-Card.
    public var rules: String?
    /// The Big Two options in force; nil for E-Card.
    public var options: BigTwoOptions?
    /// The E-Card options in force; nil for Big Two.
    public var ecard: ECardOptions?
    /// Bot level for seats without a player.
    public var bots: String
    /// Number of spectators.
    public var spectators: Int
    /// Seconds per turn; 0 when there is no timer.
    public var turnSeconds: Int
    /// The number of deals (or E-Card matches) the table plays; nil for no limit.
    public var games: Int?
    /// Deals (or E-Card matches) finished so far.
    public var gamesPlayed: Int
    /// Running totals per seat.
    public var totals: [Int]
    /// Tic-tac-toe: the mark that moves first in the first round (`o` or `x`); nil for other
    /// kinds.
    public var first: String?
    /// Memory: the pairs on the table; nil for other kinds.
    public var pairs: Int?
    /// Roulette: the segments on the wheel; nil for other kinds.
    public var segments: Int?
    /// Roulette: the most chips a seat may bet in one round; nil for other kinds.
    public var maxStake: Int?

    /// Creates a table description.
    public init(
        id: Int, kind: TableKind, name: String, status: TableStatus, seats: [SeatInfo],
        rules: String?, options: BigTwoOptions?, ecard: ECardOptions?, bots: String,
        spectators: Int, turnSeconds: Int, games: Int?, gamesPlayed: Int, totals: [Int],
        first: String? = nil, pairs: Int? = nil, segments: Int? = nil, maxStake: Int? = nil
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.status = status
        self.seats = seats
        self.rules = rules
        self.options = options
        self.ecard = ecard
        self.bots = bots
        self.spectators = spectators
        self.turnSeconds = turnSeconds
        self.games = games
        self.gamesPlayed = gamesPlayed
        self.totals = totals
        self.first = first
        self.pairs = pairs
        self.segments = segments
        self.maxStake = maxStake
    }
}

extension TableInfo {
    /// Takes each seat's person's own total from a result's `player_totals` (absent: every
    /// person's equals their seat's total).
    public mutating func adoptPlayerTotals(_ own: [Int?]?) {
        for index in seats.indices {
            let seat = seats[index].seat
            let mine = own.flatMap { $0.indices.contains(seat) ? $0[seat] : nil }
            let total = totals.indices.contains(seat) ? totals[seat] : nil
            seats[index].playerTotal = mine == total ? nil : mine
        }
    }
}
