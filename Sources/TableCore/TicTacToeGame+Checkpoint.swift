import CardGames

/// A tic-tac-toe table between two rounds, as a value that can be saved.
extension TicTacToeGame {
    /// What the next round depends on: the match (its score, whose round starts next and
    /// the finished board a snapshot still shows), the counters and the bots' random sources.
    public struct Checkpoint: Codable, Sendable, Equatable {
        /// The match with its last round over.
        public var match: TicTacToeMatch
        /// Rounds finished at the table, restarts included.
        public var roundsFinished: Int
        /// Every finished round's recorded scores summed per seat; absent in a checkpoint
        /// written before the table kept them, where the match's wins stand in.
        public var totals: [Int]?
        /// The source new bots are seeded from.
        public var random: Xoshiro256StarStar
        /// Each seat's bot's random source, if the seat has a bot.
        public var bots: [Xoshiro256StarStar?]
    }

    public func checkpoint(bots: [Bot?]) -> Checkpoint? {
        guard started, match.result != nil else { return nil }
        return Checkpoint(
            match: match, roundsFinished: roundsFinished, totals: recordedTotals, random: random,
            bots: bots.map { $0?.random })
    }

    public mutating func restore(_ checkpoint: Checkpoint) -> [Bot?]? {
        let saved = checkpoint.match
        let score = saved.score
        guard score.count == Self.seatCount, CheckpointLimits.fit(score),
            CheckpointLimits.fit(saved.round, saved.roundsPlayed, checkpoint.roundsFinished),
            saved.restartVotes.allSatisfy({ (0..<Self.seatCount).contains($0) })
        else { return nil }
        let totals = checkpoint.totals ?? [score[0] - score[1], score[1] - score[0]]
        guard saved.result != nil, totals.count == Self.seatCount, CheckpointLimits.fit(totals)
        else { return nil }
        match = checkpoint.match
        started = true
        roundsFinished = checkpoint.roundsFinished
        names = [nil, nil]
        roundPlayers = []
        recordedTotals = totals
        random = checkpoint.random
        return checkpoint.bots.map { source in
            source.map { Bot(player: TicTacToeBot(kind: botKind), random: $0) }
        }
    }
}
