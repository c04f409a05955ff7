import LobbyProtocol

/// Draws a tic-tac-toe board in a few lines well within 40 columns: the marks, and the cell
/// numbers of the empty cells so a person can see what to type.
enum TicTacToeBoardView {
    /// The board, the score and whose move it is; nothing before the first round.
    static func lines(_ view: TicTacToeView?, you seat: Int?) -> [String] {
        guard let view else { return ["  waiting for the first round"] }
        let cells = Array(view.board)
        var lines: [String] = []
        for row in 0..<3 {
            let marks = (0..<3).map { column -> String in
                let index = row * 3 + column
                let mark = cells.indices.contains(index) ? cells[index] : "."
                return mark == "." ? "\(index + 1)" : mark.uppercased()
            }
            lines.append("   " + marks.joined(separator: " | "))
            if row < 2 { lines.append("  ---+---+---") }
        }
        lines.append("  round \(view.round), O \(view.score[0]) : X \(view.score[1])")
        if view.roundOver {
            lines.append("  round over: type again (or restart)")
        } else if let mover = view.seatToMove {
            let mark = mover == 0 ? "O" : "X"
            lines.append(mover == seat ? "  your move (\(mark)): mark 1-9" : "  \(mark) to move")
        }
        return lines
    }
}
