import CardGames

/// An E-Card table between two matches, as a value that can be saved.
extension ECardGame {
    /// What the next match depends on: the counters, the table's totals and the bots'
    /// random sources (a bot's strategy follows from the table's level).
    public struct Checkpoint: Codable, Sendable, Equatable {
        /// Matches begun.
        public var matchNumber: Int
        /// Matches played to the end.
        public var matchesPlayed: Int
        /// Per-seat totals over every hand decided at the table.
        public var tableTotals: [Int]
        /// The source new bots are seeded from.
        public var random: Xoshiro256StarStar
        /// Each seat's bot's random source, if the seat has a bot.
        public var bots: [Xoshiro256StarStar?]
    }

    public func checkpoint(bots: [Bot?]) -> Checkpoint? {
        guard match?.isOver ?? true else { return nil }
        return Checkpoint(
            matchNumber: matchNumber, matchesPlayed: matchesPlayed, tableTotals: tableTotals,
            random: random, bots: bots.map { $0?.random })
    }

    public mutating func restore(_ checkpoint: Checkpoint) -> [Bot?]? {
        guard checkpoint.tableTotals.count == Self.seatCount,
            CheckpointLimits.fit(checkpoint.tableTotals),
            CheckpointLimits.fit(checkpoint.matchNumber, checkpoint.matchesPlayed)
        else { return nil }
        match = nil
        handPlayers = []
        matchNumber = checkpoint.matchNumber
        matchesPlayed = checkpoint.matchesPlayed
        earlierTotals = checkpoint.tableTotals
        random = checkpoint.random
        return checkpoint.bots.map { source in
            source.map { Bot(strategy: strategy, random: $0) }
        }
    }
}
