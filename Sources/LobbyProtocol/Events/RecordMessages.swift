import CardGames

/// One entry of `history`: a finished (or abandoned) Big Two deal, or an E-Card match with
/// its decided hands inside.
public struct DealSummary: Sendable, Codable, Equatable {
    /// The game log record: for an E-Card match, the record of its latest hand listed.
    public var record: Int
    /// Unix ms when it finished (for an E-Card match, when its latest hand listed did).
    public var finishedAt: Int64
    /// Table id and name.
    public var table: Int
    public var tableName: String
    /// Table kind.
    public var kind: TableKind
    /// Deal number at the table (for E-Card: the match number).
    public var deal: Int
    /// The hand number of a lone E-Card hand record; nil for an entry that lists `hands`.
    public var hand: Int?
    /// Player name per seat (`bot:<level>` for bots), as recorded.
    public var players: [String]
    /// The seats as people say them: names, and bots as `bot (smart)`.
    public var labels: [String]?
    /// The winning seat: who went out in Big Two, who is ahead over the listed hands in
    /// E-Card; nil for an abandoned deal or a level match.
    public var winner: Int?
    /// Score change per seat (summed over the listed hands in E-Card; zero when abandoned).
    public var scores: [Int]
    /// The seed and its commitment (Big Two).
    public var seed: String?
    public var commitment: String?
    /// True for a Big Two deal cut off before it ended (its seed is revealed all the same).
    public var abandoned: Bool?
    /// How it ended, in words: `ann went out`, `bot (smart) won with the Slave on play 3 (+50)`.
    public var outcome: String?
    /// E-Card: the match's decided hands, oldest first (at most ``maximumHands``, the latest).
    public var hands: [ECardHandSummary]?
    /// E-Card: how many hands of the match the log holds (more than `hands` lists when over
    /// the cap).
    public var handCount: Int?

    /// The most hands one E-Card entry lists, so that a page stays small.
    public static let maximumHands = 12

    /// Creates an entry.
    public init(
        record: Int, finishedAt: Int64, table: Int, tableName: String, kind: TableKind, deal: Int,
        hand: Int? = nil, players: [String], labels: [String]? = nil, winner: Int?,
        scores: [Int], seed: String?, commitment: String?, abandoned: Bool? = nil,
        outcome: String? = nil, hands: [ECardHandSummary]? = nil, handCount: Int? = nil
    ) {
        self.record = record
        self.finishedAt = finishedAt
        self.table = table
        self.tableName = tableName
        self.kind = kind
        self.deal = deal
        self.hand = hand
        self.players = players
        self.labels = labels
        self.winner = winner
        self.scores = scores
        self.seed = seed
        self.commitment = commitment
        self.abandoned = abandoned
        self.outcome = outcome
        self.hands = hands
        self.handCount = handCount
    }
}

/// One decided hand of an E-Card match in `history`.
public struct ECardHandSummary: Sendable, Codable, Equatable {
    /// The hand's game log record.
    public var record: Int
    /// The hand number within the match, from 1.
    public var hand: Int
    /// The seat that won the hand.
    public var winner: Int
    /// The side the winner played.
    public var winningSide: ECardSide?
    /// The play (1…5) that decided the hand.
    public var decidingPlay: Int?
    /// Chips won or lost per seat.
    public var scores: [Int]
    /// The hand in words: `ann won with the Emperor on play 2 (+1)`.
    public var outcome: String

    /// Creates a hand summary.
    public init(
        record: Int, hand: Int, winner: Int, winningSide: ECardSide?, decidingPlay: Int?,
        scores: [Int], outcome: String
    ) {
        self.record = record
        self.hand = hand
        self.winner = winner
        self.winningSide = winningSide
        self.decidingPlay = decidingPlay
        self.scores = scores
        self.outcome = outcome
    }
}

/// The reply to `history`.
public struct HistoryReply: Sendable, Codable, Equatable {
    /// Most recent first.
    public var deals: [DealSummary]
    /// The `cursor` that asks for the next (older) page; absent on the last page.
    public var nextCursor: Int?

    /// A page of history.
    public init(deals: [DealSummary], nextCursor: Int? = nil) {
        self.deals = deals
        self.nextCursor = nextCursor
    }
}

/// One player's line in a leaderboard.
public struct LeaderboardRow: Sendable, Codable, Equatable {
    /// The player's name.
    public var name: String
    /// Big Two deals, or E-Card hands, the player sat in.
    public var deals: Int
    /// The deals (hands) the player won.
    public var wins: Int
    /// Total score: Big Two points, or E-Card chips.
    public var score: Int

    /// A row.
    public init(name: String, deals: Int, wins: Int, score: Int) {
        self.name = name
        self.deals = deals
        self.wins = wins
        self.score = score
    }
}

/// The reply to `leaderboard`: one game's totals, highest score first, then by name.
public struct LeaderboardReply: Sendable, Codable, Equatable {
    /// The game the totals are of.
    public var kind: TableKind?
    /// The rank (from 0) of the first row of this page.
    public var start: Int?
    /// The rows of this page.
    public var players: [LeaderboardRow]
    /// The `cursor` that asks for the next page; absent on the last page.
    public var nextCursor: Int?

    /// A page of a leaderboard.
    public init(
        kind: TableKind? = nil, start: Int? = nil, players: [LeaderboardRow],
        nextCursor: Int? = nil
    ) {
        self.kind = kind
        self.start = start
        self.players = players
        self.nextCursor = nextCursor
    }
}
