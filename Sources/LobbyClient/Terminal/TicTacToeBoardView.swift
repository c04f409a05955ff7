import CardGames
import LobbyProtocol

/// Draws a tic-tac-toe board in a few lines well within 40 columns: the marks under the
/// column letters and after the row numbers (`b2` is the middle), with the numbers of the
/// empty cells so a person sees what to type, and the players by name.
enum TicTacToeBoardView {
    /// The board, the score and whose move it is; nothing before the first round.
    static func lines(_ view: TicTacToeView?, state: SessionState) -> [String] {
        guard let view else { return ["  waiting for the first round"] }
        let cells = Array(view.board)
        var lines = ["      a   b   c"]
        for row in 0..<3 {
            let marks = (0..<3).map { column -> String in
                let index = row * 3 + column
                let mark = cells.indices.contains(index) ? cells[index] : "."
                return mark == "." ? "\(index + 1)" : mark.uppercased()
            }
            lines.append("  \(row + 1)   " + marks.joined(separator: " | "))
            if row < 2 { lines.append("     ---+---+---") }
        }
        let score = (0..<2).map { seat in
            let points = view.score.indices.contains(seat) ? view.score[seat] : 0
            return "\(player(seat, state)) (\(mark(seat))) \(points)"
        }
        lines.append("  round \(view.round): " + score.joined(separator: ", "))
        if view.roundOver {
            lines.append("  round over: type again (or restart)")
        } else if let mover = view.seatToMove {
            lines.append(
                mover == state.seat && !state.botPlaysOwnSeat
                    ? "  your move (\(mark(mover))): mark 1-9 or a1-c3"
                    : "  \(player(mover, state)) (\(mark(mover))) to move")
        }
        return lines
    }

    /// Seat 0 plays O, seat 1 plays X.
    static func mark(_ seat: Int) -> String { seat == 0 ? "O" : "X" }

    /// `you`, or the seat's name.
    static func player(_ seat: Int, _ state: SessionState) -> String {
        seat == state.seat ? "you" : state.seatName(seat)
    }

    /// `b2 (5)` for cell 5: its name, then its number.
    static func cellName(_ cell: Int) -> String {
        "\(TicTacToeCell.name(of: cell - 1)) (\(cell))"
    }
}
