import LobbyProtocol

/// Draws a memory table within 40 columns: eight cards a row, each its number and its face
/// (`?` while face down), then the pairs each player found, by name.
enum MemoryBoardView {
    /// Cards per row: eight cells of five columns fit in 40.
    static let perRow = 8

    /// The cards and the pairs found; nothing before the first game.
    static func lines(_ view: MemoryView?, state: SessionState) -> [String] {
        guard let view else { return ["  waiting for the first game"] }
        let faces = Array(view.board)
        var lines: [String] = []
        for start in stride(from: 0, to: faces.count, by: perRow) {
            let row = (start..<min(start + perRow, faces.count)).map { index -> String in
                let number = String(index + 1)
                let face = faces[index] == "." ? "?" : String(faces[index])
                return String(repeating: " ", count: 3 - number.count) + number + face
            }
            lines.append(row.joined(separator: " "))
        }
        let scores = view.scores.enumerated().map { seat, pairs in
            "\(TicTacToeBoardView.player(seat, state)) \(pairs)"
        }
        lines.append("  pairs: " + scores.joined(separator: ", "))
        if let mover = view.seatToFlip {
            let which = view.first == nil ? "a card" : "a second card"
            let yours = view.first == nil ? "a card or two" : which
            lines.append(
                mover == state.seat && !state.botPlaysOwnSeat
                    ? "  your turn: flip \(yours) (1-\(faces.count))"
                    : "  \(state.seatName(mover)) flips \(which)")
        }
        return lines
    }
}
