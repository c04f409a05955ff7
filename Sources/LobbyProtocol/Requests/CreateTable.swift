/// The parameters of a `create` request. Every field is optional.
///
/// The fields every kind shares are properties here; each kind's own fields travel as that
/// kind's ``GameCreateFields``, read and written flat in the same object, and each kind's file
/// gives them as properties of this type too.
public struct CreateTable: Sendable, Codable {
    /// Table kind; default `bigtwo`.
    public var kind: TableKind?
    /// Display name; default "<creator>'s table".
    public var name: String?
    /// Bot level for seats without a player, one of `BotLevel`'s names; default `smart`.
    public var bots: String?
    /// When true, every seat is a bot and the creator does not sit (a soak table).
    public var allBots: Bool?
    /// Number of games after which the table stops; default unlimited for tables with
    /// players, 1 for all-bot tables.
    public var games: Int?
    /// Seconds per turn, 0 for no timer; default 60 (no timer on all-bot tables).
    public var turnSeconds: Int?
    /// Seconds between two games at a table with people, unless every person says `ready`
    /// sooner; default the server's (5).
    public var pause: Int?
    /// Seats at the table, at a kind whose `create` chooses them
    /// (``TableKind/choosesSeatCount``); default the kind's.
    public var seats: Int?
    /// The fields of each kind that were given, at most one value per kind, in the order of
    /// ``TableKind``. A kind whose fields are all absent has none.
    public private(set) var gameFields: [any GameCreateFields] = []

    /// The allowed values of `turnSeconds`.
    public static let turnSecondsRange = 0...3600

    /// Creates parameters; every field defaults to nil (the server's default).
    public init(
        kind: TableKind? = nil, name: String? = nil, bots: String? = nil, allBots: Bool? = nil,
        games: Int? = nil, turnSeconds: Int? = nil, pause: Int? = nil, seats: Int? = nil,
        gameFields: [any GameCreateFields] = []
    ) {
        self.kind = kind
        self.name = name
        self.bots = bots
        self.allBots = allBots
        self.games = games
        self.turnSeconds = turnSeconds
        self.pause = pause
        self.seats = seats
        for fields in gameFields { setFields(fields) }
    }

    /// The fields of `type`'s kind that were given (none given: all absent).
    public func fields<Fields: GameCreateFields>(_ type: Fields.Type) -> Fields {
        gameFields.lazy.compactMap { $0 as? Fields }.first ?? Fields()
    }

    /// Replaces the fields of `fields`' kind.
    public mutating func setFields<Fields: GameCreateFields>(_ fields: Fields) {
        setFields(fields as any GameCreateFields)
    }

    private mutating func setFields(_ fields: any GameCreateFields) {
        let kind = type(of: fields).kind
        gameFields.removeAll { type(of: $0).kind == kind }
        guard !fields.isEmpty else { return }
        let order = TableKind.allCases
        let place = gameFields.firstIndex {
            order.firstIndex(of: type(of: $0).kind)! > order.firstIndex(of: kind)!
        }
        gameFields.insert(fields, at: place ?? gameFields.endIndex)
    }
}

extension CreateTable: Equatable {
    /// Equal when every field, shared or a kind's own, is.
    public static func == (lhs: CreateTable, rhs: CreateTable) -> Bool {
        lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.bots == rhs.bots
            && lhs.allBots == rhs.allBots && lhs.games == rhs.games
            && lhs.turnSeconds == rhs.turnSeconds && lhs.pause == rhs.pause
            && lhs.seats == rhs.seats && lhs.gameFields.count == rhs.gameFields.count
            && zip(lhs.gameFields, rhs.gameFields).allSatisfy { PayloadEquality.equal($0, $1) }
    }
}

extension CreateTable {
    private enum CodingKeys: String, CodingKey {
        case kind, name, bots, allBots, games, turnSeconds, pause, seats
    }

    /// Reads the shared fields, then each kind's own from the same object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(TableKind.self, forKey: .kind)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        bots = try container.decodeIfPresent(String.self, forKey: .bots)
        allBots = try container.decodeIfPresent(Bool.self, forKey: .allBots)
        games = try container.decodeIfPresent(Int.self, forKey: .games)
        turnSeconds = try container.decodeIfPresent(Int.self, forKey: .turnSeconds)
        pause = try container.decodeIfPresent(Int.self, forKey: .pause)
        seats = try container.decodeIfPresent(Int.self, forKey: .seats)
        for kind in TableKind.allCases {
            let fields = try kind.createFields.init(from: decoder)
            if !fields.isEmpty { gameFields.append(fields) }
        }
    }

    /// Writes the shared fields and each kind's own into one object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(bots, forKey: .bots)
        try container.encodeIfPresent(allBots, forKey: .allBots)
        try container.encodeIfPresent(games, forKey: .games)
        try container.encodeIfPresent(turnSeconds, forKey: .turnSeconds)
        try container.encodeIfPresent(pause, forKey: .pause)
        try container.encodeIfPresent(seats, forKey: .seats)
        for fields in gameFields { try fields.encode(to: encoder) }
    }
}

extension CreateTable {
    /// The refusal of a field given for another kind of table than `kind`, if any: each kind
    /// reads only its own fields, so a field it would ignore is refused instead.
    public func foreignField(for kind: TableKind) -> ProtocolFailure? {
        if seats != nil, !kind.choosesSeatCount {
            let kinds = TableKind.allCases.filter(\.choosesSeatCount).map(\.displayName)
            return Self.refusal(field: "seats", kinds: kinds)
        }
        for fields in gameFields where type(of: fields).kind != kind {
            return Self.refusal(
                field: fields.givenFields[0], kinds: [type(of: fields).kind.displayName])
        }
        return nil
    }

    private static func refusal(field: String, kinds: [String]) -> ProtocolFailure {
        let names =
            kinds.count < 2
            ? kinds.joined()
            : kinds.dropLast().joined(separator: ", ") + " and " + kinds[kinds.count - 1]
        return ProtocolFailure(.invalidField, "field '\(field)' is for \(names) tables only")
    }
}
