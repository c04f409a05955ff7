import CardGames

/// A roulette table between two rounds, as a value that can be saved.
extension RouletteGame {
    /// What the next round depends on: the counters, the chips, the bots' random sources.
    public struct Checkpoint: Codable, Sendable, Equatable {
        /// The last round's number.
        public var roundNumber: Int
        /// Rounds finished.
        public var roundsFinished: Int
        /// Net chips per seat.
        public var chips: [Int]
        /// The source new bots are seeded from.
        public var random: Xoshiro256StarStar
        /// The bot per seat, if any.
        public var bots: [Bot?]
    }

    public func checkpoint(bots: [Bot?]) -> Checkpoint? {
        guard round?.isOpen != true else { return nil }
        return Checkpoint(
            roundNumber: roundNumber, roundsFinished: roundsFinished, chips: chips,
            random: random, bots: bots)
    }

    public mutating func restore(_ checkpoint: Checkpoint) -> [Bot?]? {
        guard checkpoint.chips.count == options.seats, CheckpointLimits.fit(checkpoint.chips),
            CheckpointLimits.fit(checkpoint.roundNumber, checkpoint.roundsFinished)
        else { return nil }
        round = nil
        seed = nil
        nextSeat = 0
        roundNumber = checkpoint.roundNumber
        roundsFinished = checkpoint.roundsFinished
        chips = checkpoint.chips
        random = checkpoint.random
        return checkpoint.bots
    }
}
