import CardGames
import WireJSON

/// One finished Big Two deal, one decided E-Card hand, or one abandoned Big Two deal, as kept
/// in the game log.
///
/// A record holds everything needed to replay the game and check its result: the seed and
/// its commitment (Big Two), the rules, and every move in order. An abandoned deal (cut off by
/// shutdown, or because every person left) has its seed and the moves made so far, and no
/// result. It is stored as one line of
/// JSON written with ``WireCodec`` (sorted snake_case keys).
public struct DealRecord: Codable, Sendable, Equatable {
    /// Position in the game log, from 1; assigned by the server's game log when it appends.
    public var record: Int
    /// When the deal finished, in Unix milliseconds.
    public var finishedAt: Int64
    /// The id of the table it was played at.
    public var table: Int
    /// The table's display name.
    public var tableName: String
    /// The kind of game.
    public var kind: TableKind
    /// The deal number at the table (for E-Card, the match number).
    public var deal: Int
    /// For E-Card, the 1-based hand number within the match; nil for Big Two.
    public var hand: Int?
    /// The player per seat: a name, or `bot:<level>` for a bot.
    public var players: [String]
    /// The Big Two rule preset name (`standard`, `taiwan`) or `custom`, when known.
    public var rules: String?
    /// The Big Two options the deal was played under; nil for E-Card.
    public var options: BigTwoOptions?
    /// The E-Card options of the match; nil for Big Two.
    public var ecard: ECardOptions?
    /// Memory: the pairs on the table.
    public var pairs: Int?
    /// Roulette: the segments on the wheel.
    public var segments: Int?
    /// The deal seed as 64 hexadecimal digits (Big Two).
    public var seed: String?
    /// The commitment announced before the deal: hex SHA-256 of the seed bytes (Big Two).
    public var commitment: String?
    /// Every move in the order it was made.
    public var moves: [DealMove]
    /// How the deal ended; nil for an abandoned deal.
    public var result: DealOutcome?
    /// True when the deal was cut off before it ended; absent otherwise.
    public var abandoned: Bool?

    /// Creates a record from its parts.
    public init(
        record: Int, finishedAt: Int64, table: Int, tableName: String, kind: TableKind,
        deal: Int, hand: Int? = nil, players: [String], rules: String? = nil,
        options: BigTwoOptions? = nil, ecard: ECardOptions? = nil, pairs: Int? = nil,
        segments: Int? = nil, seed: String? = nil, commitment: String? = nil, moves: [DealMove],
        result: DealOutcome?, abandoned: Bool? = nil
    ) {
        self.abandoned = abandoned
        self.record = record
        self.finishedAt = finishedAt
        self.table = table
        self.tableName = tableName
        self.kind = kind
        self.deal = deal
        self.hand = hand
        self.players = players
        self.rules = rules
        self.options = options
        self.ecard = ecard
        self.pairs = pairs
        self.segments = segments
        self.seed = seed
        self.commitment = commitment
        self.moves = moves
        self.result = result
        self.abandoned = abandoned
    }

    /// True for an abandoned deal.
    public var isAbandoned: Bool { abandoned == true }

    /// True when the seat's player is a bot (`bot:<level>`).
    public static func isBot(_ player: String) -> Bool { player.hasPrefix("bot:") }
}
