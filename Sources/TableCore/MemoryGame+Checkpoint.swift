import CardGames

/// A memory table between two games, as a value that can be saved.
extension MemoryGame {
    /// What the next game depends on: the counters, the pairs per seat and the bots' random
    /// sources. A bot forgets everything when a new game begins, so its memory is not kept.
    public struct Checkpoint: Codable, Sendable, Equatable {
        /// The last game's number.
        public var gameNumber: Int
        /// Games finished.
        public var gamesFinished: Int
        /// Pairs per seat over the games finished.
        public var earlierTotals: [Int]
        /// The source new bots are seeded from.
        public var random: Xoshiro256StarStar
        /// Each seat's bot's random source, if the seat has a bot.
        public var bots: [Xoshiro256StarStar?]
    }

    public func checkpoint(bots: [Bot?]) -> Checkpoint? {
        guard match?.isOver ?? true else { return nil }
        return Checkpoint(
            gameNumber: gameNumber, gamesFinished: gamesFinished, earlierTotals: earlierTotals,
            random: random, bots: bots.map { $0?.random })
    }

    public mutating func restore(_ checkpoint: Checkpoint) -> [Bot?]? {
        guard checkpoint.earlierTotals.count == options.seats,
            CheckpointLimits.fit(checkpoint.earlierTotals),
            CheckpointLimits.fit(checkpoint.gameNumber, checkpoint.gamesFinished)
        else { return nil }
        match = nil
        seed = nil
        flips = []
        moves = []
        gamePlayers = []
        gameNumber = checkpoint.gameNumber
        gamesFinished = checkpoint.gamesFinished
        earlierTotals = checkpoint.earlierTotals
        random = checkpoint.random
        return checkpoint.bots.map { source in
            source.map {
                Bot(player: MemoryBot(kind: botKind, cardCount: options.cardCount), random: $0)
            }
        }
    }
}
