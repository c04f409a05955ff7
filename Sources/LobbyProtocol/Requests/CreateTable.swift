import CardGames

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

    /// Tic-tac-toe: the mark that moves first in the first round, `o` or `x`; default `o`.
    public var first: String?
    /// Memory: pairs on the table, 2 to 26; default 8.
    public var pairs: Int?
    /// Seats at the table: memory 1 to 4 (default 2), roulette 1 to 8 (default 4).
    public var seats: Int?
    /// Roulette: segments on the wheel, 2 to 36; default 12.
    public var segments: Int?
    /// Roulette: the most chips a seat may bet in one round; default 100.
    public var maxStake: Int?

    /// Creates parameters; every field defaults to nil (the server's default).
    public init(
        kind: TableKind? = nil, name: String? = nil, rules: String? = nil,
        options: BigTwoOptions? = nil, ecard: ECardOptions? = nil, bots: String? = nil,
        allBots: Bool? = nil, games: Int? = nil, turnSeconds: Int? = nil, pause: Int? = nil,
        first: String? = nil, pairs: Int? = nil, seats: Int? = nil, segments: Int? = nil,
        maxStake: Int? = nil
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
        self.first = first
        self.pairs = pairs
        self.seats = seats
        self.segments = segments
        self.maxStake = maxStake
    }
}

extension CreateTable {
    /// The refusal of a field given for another kind of table than `kind`, if any: each kind
    /// reads only its own fields, so a field it would ignore is refused instead.
    public func foreignField(for kind: TableKind) -> ProtocolFailure? {
        let refusal: String? =
            if kind != .tictactoe, first != nil {
                "field 'first' is for tic-tac-toe tables only"
            } else if kind != .memory, pairs != nil {
                "field 'pairs' is for memory tables only"
            } else if kind != .memory, kind != .roulette, seats != nil {
                "field 'seats' is for memory and roulette tables only"
            } else if kind != .roulette, segments != nil || maxStake != nil {
                "fields 'segments' and 'max_stake' are for roulette tables only"
            } else if kind != .bigtwo, kind != .ecard,
                options != nil || rules != nil || ecard != nil
            {
                "fields 'rules', 'options' and 'ecard' are not for \(kind.rawValue) tables"
            } else if kind == .bigtwo, ecard != nil {
                "field 'ecard' (and payout=) is for E-Card tables only"
            } else if kind == .ecard, options != nil || rules != nil {
                "fields 'rules' and 'options' are for Big Two tables only"
            } else {
                nil
            }
        return refusal.map { ProtocolFailure(.invalidField, $0) }
    }
}
