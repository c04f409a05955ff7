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
}

extension DealOutcome {
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
