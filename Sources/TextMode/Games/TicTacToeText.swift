import LobbyProtocol

/// Text lines for the tic-tac-toe events.
extension TextPresenter {
    /// The line for a tic-tac-toe event; nil for an event of another game.
    mutating func ticTacToeLine(_ event: ServerEvent, now: Int64) -> String? {
        switch event {
        case .tictactoeRound(let notice):
            return "tic-tac-toe round \(notice.round): \(notice.first) moves first\(text.dot)"
                + "score \(scoreList(notice.score))"
        case .tictactoeTurn(let notice):
            let time = timeLeft(notice.deadline, now: now)
            return isYou(notice.seat)
                ? "your move\(time) as \(notice.mark): mark 1-9 (or a1-c3)"
                : "\(actor(notice.seat)) to mark \(notice.mark)\(time)"
        case .tictactoeMark(let notice):
            let rows = stride(from: 0, to: notice.board.count, by: 3).map { start in
                String(notice.board.dropFirst(start).prefix(3))
            }
            return "\(actor(notice.seat)) marked \(notice.mark) on \(notice.cell)"
                + "\(timedOut(notice.timedOut))\(text.dot)board \(rows.joined(separator: "/"))"
        case .tictactoeResult(let notice):
            let outcome = notice.winner.map { "\(actor($0)) won" } ?? "a draw"
            return "round \(notice.round): \(outcome)\(text.dot)score \(scoreList(notice.score))"
                + "\(text.dot)again for one more round, restart to reset the score"
        case .tictactoeRestart(let notice):
            return notice.restarted
                ? "the score is reset" : "\(actor(notice.seat)) asks to reset the score"
        default:
            return nil
        }
    }
}
