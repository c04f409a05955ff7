/// One finished deal (or E-Card hand) in `history`.
public struct DealSummary: Sendable, Codable, Equatable {
    /// Position in the game log, from 1.
    public var record: Int
    /// Unix ms when it finished.
    public var finishedAt: Int64
    /// Table id and name.
    public var table: Int
    public var tableName: String
    /// Table kind.
    public var kind: TableKind
    /// Deal number at the table (for E-Card: the match number).
    public var deal: Int
    /// For E-Card: the hand number within the match.
    public var hand: Int?
    /// Player name per seat (`bot:<level>` for bots).
    public var players: [String]
    /// The winning seat.
    public var winner: Int
    /// Score change per seat.
    public var scores: [Int]
    /// The seed and its commitment (Big Two).
    public var seed: String?
    public var commitment: String?

    public init(
        record: Int, finishedAt: Int64, table: Int, tableName: String, kind: TableKind, deal: Int,
        hand: Int? = nil, players: [String], winner: Int, scores: [Int], seed: String?,
        commitment: String?
    ) {
        self.hand = hand
        self.record = record
        self.finishedAt = finishedAt
        self.table = table
        self.tableName = tableName
        self.kind = kind
        self.deal = deal
        self.players = players
        self.winner = winner
        self.scores = scores
        self.seed = seed
        self.commitment = commitment
    }
}

/// The reply to `history`.
public struct HistoryReply: Sendable, Codable, Equatable {
    /// Most recent first.
    public var deals: [DealSummary]

    public init(deals: [DealSummary]) { self.deals = deals }
}

/// One player's line in the leaderboard.
public struct LeaderboardRow: Sendable, Codable, Equatable {
    public var name: String
    public var deals: Int
    public var wins: Int
    public var score: Int

    public init(name: String, deals: Int, wins: Int, score: Int) {
        self.name = name
        self.deals = deals
        self.wins = wins
        self.score = score
    }
}

/// The reply to `leaderboard`: highest total score first, over every kind of game and for
/// each kind on its own.
public struct LeaderboardReply: Sendable, Codable, Equatable {
    public var players: [LeaderboardRow]
    /// The same rows counting only the games of one kind, by the kind's wire name; absent
    /// when the server keeps no per-kind totals.
    public var byKind: [String: [LeaderboardRow]]?

    public init(players: [LeaderboardRow], byKind: [String: [LeaderboardRow]]? = nil) {
        self.players = players
        self.byKind = byKind
    }
}
