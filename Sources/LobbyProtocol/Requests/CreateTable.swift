import CardGames

/// The kinds of table the server hosts.
public enum TableKind: String, Sendable, Codable, CaseIterable {
    /// Four-seat Big Two.
    case bigtwo
    /// Two-seat E-Card.
    case ecard
}

/// The parameters of a `create` request. Every field is optional.
public struct CreateTable: Equatable, Sendable, Codable {
    /// Table kind; default `bigtwo`.
    public var kind: TableKind?
    /// Display name; default "<creator>'s table".
    public var name: String?
    /// Big Two rule preset, a key of `BigTwoOptions.presets`; default `standard`.
    public var rules: String?
    /// Big Two options; when given they replace the preset (missing fields take the standard
    /// defaults).
    public var options: BigTwoOptions?
    /// E-Card options; default the standard E-Card rules.
    public var ecard: ECardOptions?
    /// Bot level for seats without a player, one of `BotLevel`'s names; default `smart`.
    public var bots: String?
    /// When true, every seat is a bot and the creator does not sit (a soak table).
    public var allBots: Bool?
    /// Number of deals (Big Two) or matches (E-Card) after which the table stops; default
    /// unlimited for tables with players, 1 for all-bot tables.
    public var games: Int?
    /// Seconds per turn, 0 for no timer; default 60 (no timer on all-bot tables).
    public var turnSeconds: Int?
    /// Seconds between deals (Big Two) or matches (E-Card) at a table with people, unless
    /// every person says `ready` sooner; default the server's (5).
    public var pause: Int?

    /// The allowed values of `turnSeconds`.
    public static let turnSecondsRange = 0...3600

    /// Creates parameters; every field defaults to nil (the server's default).
    public init(
        kind: TableKind? = nil, name: String? = nil, rules: String? = nil,
        options: BigTwoOptions? = nil, ecard: ECardOptions? = nil, bots: String? = nil,
        allBots: Bool? = nil, games: Int? = nil, turnSeconds: Int? = nil, pause: Int? = nil
    ) {
        self.pause = pause
        self.kind = kind
        self.name = name
        self.rules = rules
        self.options = options
        self.ecard = ecard
        self.bots = bots
        self.allBots = allBots
        self.games = games
        self.turnSeconds = turnSeconds
    }
}
