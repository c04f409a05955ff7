import CardGames

extension DealRecord {
    /// The record of a finished memory game laid out from `seed`: the cards flipped in order
    /// (`flips`, card numbers from 1) and the pairs each seat found.
    /// - Precondition: `match` is over.
    public static func memoryGame(
        record: Int = 0, table: Int, tableName: String, gameNumber: Int, players: [String],
        seed: DealSeed, match: MemoryMatch, flips: [DealMove], finishedAt: Int64
    ) -> DealRecord {
        precondition(match.isOver, "a memory game is recorded only once it is over")
        return DealRecord(
            record: record, finishedAt: finishedAt, table: table, tableName: tableName,
            kind: .memory, deal: gameNumber, players: players, pairs: match.cardCount / 2,
            seed: seed.hex, commitment: seed.commitment, moves: flips,
            result: DealOutcome(memoryScores: match.scores))
    }
}

extension DealOutcome {
    /// The outcome of a memory game: pairs found per seat; the winner is the one seat with
    /// the most pairs, or ``noWinner`` when seats tie.
    public init(memoryScores scores: [Int]) {
        let best = scores.max() ?? 0
        let leaders = scores.indices.filter { scores[$0] == best }
        self.init(winner: leaders.count == 1 ? leaders[0] : Self.noWinner, scores: scores)
    }
}
