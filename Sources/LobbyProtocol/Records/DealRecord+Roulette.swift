import CardGames

extension DealRecord {
    /// The record of a settled roulette round spun from `seed`: every bet in order
    /// (`5 on 3`) and each seat's net payout.
    /// - Precondition: `round` is settled.
    public static func rouletteRound(
        record: Int = 0, table: Int, tableName: String, roundNumber: Int, players: [String],
        seed: DealSeed, round: RouletteRound, finishedAt: Int64
    ) -> DealRecord {
        guard let spin = round.result else {
            preconditionFailure("a roulette round is recorded only once it is settled")
        }
        return DealRecord(
            record: record, finishedAt: finishedAt, table: table, tableName: tableName,
            kind: .roulette, deal: roundNumber, players: players,
            segments: round.options.segments, seed: seed.hex, commitment: seed.commitment,
            moves: round.bets.map {
                DealMove(seat: $0.seat, cards: "\($0.chips) on \($0.segment)")
            },
            result: DealOutcome(roulettePayouts: round.payouts(for: spin)))
    }
}

extension DealOutcome {
    /// The outcome of a roulette round: net chips per seat; the winner is the one seat that
    /// won the most, or ``noWinner`` when no seat won or several tie.
    public init(roulettePayouts payouts: [Int]) {
        let best = payouts.max() ?? 0
        let leaders = payouts.indices.filter { payouts[$0] == best }
        let winner = best > 0 && leaders.count == 1 ? leaders[0] : Self.noWinner
        self.init(winner: winner, scores: payouts)
    }
}
