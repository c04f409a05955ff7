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
/// its own settings, in full, as its kind's ``GameCreateFields``, written flat beside the
/// fields every table has; each kind's file gives them as properties of this type too.
public struct TableInfo: Sendable {
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
    /// Bot level for seats without a player.
    public var bots: String
    /// Number of spectators.
    public var spectators: Int
    /// Seconds per turn; 0 when there is no timer.
    public var turnSeconds: Int
    /// The number of games the table plays; nil for no limit.
    public var games: Int?
    /// Games finished so far.
    public var gamesPlayed: Int
    /// Running totals per seat.
    public var totals: [Int]
    /// The settings of the table's kind, as its `create` fields with every default filled
    /// in; nil before the game has described itself.
    public var settings: (any GameCreateFields)?

    /// Creates a table description.
    public init(
        id: Int, kind: TableKind, name: String, status: TableStatus, seats: [SeatInfo],
        bots: String, spectators: Int, turnSeconds: Int, games: Int?, gamesPlayed: Int,
        totals: [Int], settings: (any GameCreateFields)? = nil
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.status = status
        self.seats = seats
        self.bots = bots
        self.spectators = spectators
        self.turnSeconds = turnSeconds
        self.games = games
        self.gamesPlayed = gamesPlayed
        self.totals = totals
        self.settings = settings
    }

    /// The settings, if they are of `type`'s kind.
    public func settings<Fields: GameCreateFields>(_ type: Fields.Type) -> Fields? {
        settings as? Fields
    }

    /// Sets the settings to `fields`; fields all absent clear them only if they are of the
    /// same kind.
    public mutating func setSettings<Fields: GameCreateFields>(_ fields: Fields) {
        if !fields.isEmpty {
            settings = fields
        } else if settings is Fields {
            settings = nil
        }
    }
}

extension TableInfo: Equatable {
    /// Equal when every field, shared or the kind's own, is.
    public static func == (lhs: TableInfo, rhs: TableInfo) -> Bool {
        guard
            lhs.id == rhs.id, lhs.kind == rhs.kind, lhs.name == rhs.name,
            lhs.status == rhs.status, lhs.seats == rhs.seats, lhs.bots == rhs.bots,
            lhs.spectators == rhs.spectators, lhs.turnSeconds == rhs.turnSeconds,
            lhs.games == rhs.games, lhs.gamesPlayed == rhs.gamesPlayed,
            lhs.totals == rhs.totals
        else { return false }
        return PayloadEquality.equal(lhs.settings, rhs.settings)
    }
}

extension TableInfo: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, kind, name, status, seats, bots, spectators, turnSeconds, games, gamesPlayed
        case totals
    }

    /// Reads the shared fields, then the settings of the table's kind from the same object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        kind = try container.decode(TableKind.self, forKey: .kind)
        name = try container.decode(String.self, forKey: .name)
        status = try container.decode(TableStatus.self, forKey: .status)
        seats = try container.decode([SeatInfo].self, forKey: .seats)
        bots = try container.decode(String.self, forKey: .bots)
        spectators = try container.decode(Int.self, forKey: .spectators)
        turnSeconds = try container.decode(Int.self, forKey: .turnSeconds)
        games = try container.decodeIfPresent(Int.self, forKey: .games)
        gamesPlayed = try container.decode(Int.self, forKey: .gamesPlayed)
        totals = try container.decode([Int].self, forKey: .totals)
        let fields = try kind.createFields.init(from: decoder)
        settings = fields.isEmpty ? nil : fields
    }

    /// Writes the shared fields and the kind's settings into one object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(status, forKey: .status)
        try container.encode(seats, forKey: .seats)
        try container.encode(bots, forKey: .bots)
        try container.encode(spectators, forKey: .spectators)
        try container.encode(turnSeconds, forKey: .turnSeconds)
        try container.encodeIfPresent(games, forKey: .games)
        try container.encode(gamesPlayed, forKey: .gamesPlayed)
        try container.encode(totals, forKey: .totals)
        try settings?.encode(to: encoder)
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
