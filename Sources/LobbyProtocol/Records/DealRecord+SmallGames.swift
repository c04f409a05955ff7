import CardGames

extension DealRecord {
    /// The record of a finished tic-tac-toe round: its marks in order, each with the seat
    /// that made it, and the result.
    ///
    /// The record number is left for the server's game log to assign unless given.
    /// - Precondition: the round of `match` is over.
    public static func ticTacToeRound(
        record: Int = 0, table: Int, tableName: String, roundNumber: Int, players: [String],
        match: TicTacToeMatch, finishedAt: Int64
    ) -> DealRecord {
        guard let result = match.result else {
            preconditionFailure("a tic-tac-toe round is recorded only once it is over")
        }
        return DealRecord(
            record: record, finishedAt: finishedAt, table: table, tableName: tableName,
            kind: .tictactoe, deal: roundNumber, players: players,
            moves: match.moves.map {
                DealMove(seat: match.board[$0]?.seat ?? 0, cards: "\($0 + 1)")
            },
            result: DealOutcome(result))
    }

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
    /// The seat recorded as winner of a drawn tic-tac-toe round.
    public static let noWinner = -1

    /// The outcome of a tic-tac-toe round: a point from the loser to the winner, or nothing
    /// for a draw (winner ``noWinner``).
    public init(_ result: TicTacToeResult) {
        guard let winner = result.winnerSeat else {
            self.init(winner: Self.noWinner, scores: [0, 0])
            return
        }
        var scores = [-1, -1]
        scores[winner] = 1
        self.init(winner: winner, scores: scores)
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
