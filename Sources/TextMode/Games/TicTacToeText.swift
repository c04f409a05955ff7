import CardGames
import LobbyProtocol

/// Text lines for the tic-tac-toe events: the board drawn, marks by cell name.
extension TextPresenter {
    /// The lines for a tic-tac-toe event; nil for an event of another game.
    mutating func ticTacToeLines(_ event: ServerEvent, now: Int64) -> [String]? {
        switch event {
        case .tictactoeRound(let notice):
            let first = notice.first == "x" ? 1 : 0
            let mine = seat.map { $0 == 0 ? "\(text.dot)you play O" : "\(text.dot)you play X" } ?? ""
            return [
                "tic-tac-toe round \(notice.round): \(actor(first)) (\(notice.first.uppercased())) "
                    + "\(isYou(first) ? "move" : "moves") first\(mine)\(text.dot)rounds won: "
                    + countList(notice.score)
            ]
        case .tictactoeTurn(let notice):
            let time = timeLeft(notice.deadline, now: now)
            return [
                isYou(notice.seat)
                    ? "your move\(time) as \(notice.mark.uppercased()): mark a cell, 1-9 or a1-c3"
                    : "\(toAct(notice.seat)) mark \(notice.mark.uppercased())\(time)"
            ]
        case .tictactoeMark(let notice):
            let name = TicTacToeCell.name(of: notice.cell - 1)
            return [
                "\(actor(notice.seat)) marked \(notice.mark.uppercased()) on \(name) "
                    + "(\(notice.cell))\(timedOut(notice.timedOut))"
            ] + Self.ticTacToeBoard(notice.board)
        case .tictactoeResult(let notice):
            let outcome = notice.winner.map { isYou($0) ? "you won" : "\(actor($0)) won" } ?? "a draw"
            return [
                "round \(notice.round): \(outcome)\(text.dot)rounds won: \(countList(notice.score))"
                    + "\(text.dot)again for one more round, restart to reset the score"
            ]
        case .tictactoeRestart(let notice):
            return [
                notice.restarted
                    ? "the score is reset" : "\(actor(notice.seat)) asks to reset the score"
            ]
        default:
            return nil
        }
    }

    /// The board, three rows under the column letters, each after its row number:
    /// ```
    ///     a b c
    ///   1 O X X
    ///   2 . X .
    ///   3 X O O
    /// ```
    static func ticTacToeBoard(_ board: String) -> [String] {
        let cells = Array(board.uppercased())
        return ["    a b c"]
            + (0..<3).map { row in
                let marks = (0..<3).map { column in
                    let index = row * 3 + column
                    return cells.indices.contains(index) ? String(cells[index]) : "."
                }
                return "  \(row + 1) " + marks.joined(separator: " ")
            }
    }
}
