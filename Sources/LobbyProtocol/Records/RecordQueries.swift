/// The parameters of a `history` request: whose deals, how many, and from where.
public struct HistoryQuery: PageQuery, Encodable, Equatable {
    /// The number of entries a page holds unless asked otherwise.
    public static let defaultLimit = 20
    /// The most entries a page holds, so that a reply always fits well inside a client's
    /// output buffer: an E-Card entry lists up to 12 hands, and 25 such entries with the
    /// longest names come to under half of it.
    public static let maximumLimit = 25
    /// Entries, as errors call them.
    public static let itemName = "entries"

    /// Only the deals this player sat in; nil for everyone's.
    public var player: String?
    /// The entries wanted, from 1; more than ``maximumLimit`` counts as the maximum.
    public var limit: Int?
    /// The `next_cursor` of the previous page; nil for the most recent page.
    public var cursor: Int?
    /// Plain `history … more`: continue after the page this connection last received. Not
    /// part of the JSON request, which names its cursor instead.
    public var more: Bool

    /// A query.
    public init(player: String? = nil, limit: Int? = nil, cursor: Int? = nil, more: Bool = false)
    {
        self.player = player
        self.limit = limit
        self.cursor = cursor
        self.more = more
    }

    private enum CodingKeys: String, CodingKey { case player, limit, cursor }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(player, forKey: .player)
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encodeIfPresent(cursor, forKey: .cursor)
    }
}

/// The parameters of a `leaderboard` request: which game, how many rows, and from where.
public struct LeaderboardQuery: PageQuery, Encodable, Equatable {
    /// The number of rows a page holds unless asked otherwise.
    public static let defaultLimit = 20
    /// The most rows a page holds.
    public static let maximumLimit = 100
    /// Rows, as errors call them.
    public static let itemName = "rows"

    /// The game whose totals are wanted; nil means Big Two.
    public var kind: TableKind?
    /// The rows wanted, from 1; more than ``maximumLimit`` counts as the maximum.
    public var limit: Int?
    /// The `next_cursor` of the previous page; nil for the top.
    public var cursor: Int?
    /// Plain `leaderboard … more`: continue after the page this connection last received.
    public var more: Bool

    /// A query.
    public init(
        kind: TableKind? = nil, limit: Int? = nil, cursor: Int? = nil, more: Bool = false
    ) {
        self.kind = kind
        self.limit = limit
        self.cursor = cursor
        self.more = more
    }

    /// The game asked for.
    public var game: TableKind { kind ?? .bigtwo }

    private enum CodingKeys: String, CodingKey { case kind, limit, cursor }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encodeIfPresent(cursor, forKey: .cursor)
    }
}
