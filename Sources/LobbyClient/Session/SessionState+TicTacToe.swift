import CardGames
import LobbyProtocol

extension SessionState {
    /// Updates the tic-tac-toe match from one event; returns a line for the recent actions,
    /// or nil when the event is not a tic-tac-toe one.
    mutating func applyTicTacToe(_ event: ServerEvent) -> String? {
        switch event {
        case .tictactoeRound(let notice):
            ticTacToe = TicTacToeView(
                round: notice.round, board: String(repeating: ".", count: 9),
                first: notice.first, seatToMove: notice.first == "o" ? 0 : 1, roundOver: false,
                score: notice.score, restartAgreed: [])
            return "round \(notice.round): \(notice.first.uppercased()) moves first"
        case .tictactoeTurn(let notice):
            ticTacToe?.seatToMove = notice.seat
            return nil
        case .tictactoeMark(let notice):
            ticTacToe?.board = notice.board
            ticTacToe?.seatToMove = 1 - notice.seat
            let timedOut = notice.timedOut == true ? " (timed out)" : ""
            let cell = "\(TicTacToeCell.name(of: notice.cell - 1)) (\(notice.cell))"
            return "\(seatName(notice.seat)) marked \(cell)\(timedOut)"
        case .tictactoeResult(let notice):
            ticTacToe?.seatToMove = nil
            ticTacToe?.roundOver = true
            ticTacToe?.score = notice.score
            // The score counts rounds won and resets; the totals are the rounds' recorded
            // scores (a win +1, a loss −1), as the table and history keep them.
            if let winner = notice.winner, totals.count == 2, totals.indices.contains(winner) {
                totals[winner] += 1
                totals[1 - winner] -= 1
            }
            finishedGames += 1
            return notice.winner.map { "\(seatName($0)) wins round \(notice.round)" }
                ?? "round \(notice.round) is a draw"
        case .tictactoeRestart(let notice):
            ticTacToe?.restartAgreed = notice.agreed
            return notice.restarted
                ? "the score was reset" : "\(seatName(notice.seat)) asks to restart"
        default:
            return nil
        }
    }
}
