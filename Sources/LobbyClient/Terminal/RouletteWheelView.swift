import LobbyProtocol

/// Draws a roulette wheel within 40 columns: its numbered segments twelve to a row, each
/// marked with `*` when someone has chips on it, then every seat's bets.
enum RouletteWheelView {
    /// Segments per row: twelve cells of three columns fit in 40.
    static let perRow = 12

    /// The wheel and the bets; nothing before the first round.
    static func lines(_ view: RouletteView?, state: SessionState) -> [String] {
        guard let view else { return ["  waiting for the first round"] }
        let backed = Set(view.bets.joined().map(\.segment))
        var lines: [String] = []
        for start in stride(from: 1, through: view.segments, by: perRow) {
            let row = (start...min(start + perRow - 1, view.segments)).map { segment in
                let number = String(segment)
                let mark = backed.contains(segment) ? "*" : " "
                return String(repeating: " ", count: 2 - number.count) + number + mark
            }
            lines.append(" " + row.joined())
        }
        for (index, bets) in view.bets.enumerated() where !bets.isEmpty {
            let text = bets.map { "\($0.chips)@\($0.segment)" }.joined(separator: " ")
            let who = TicTacToeBoardView.player(index, state)
            lines.append(String("  \(who): \(text)".prefix(40)))
        }
        if let mover = view.seatToBet {
            lines.append(
                mover == state.seat && !state.botPlaysOwnSeat
                    ? "  your bets (max \(view.maxStake)): bet 5 on 3"
                    : "  \(state.seatName(mover)) bets")
        }
        return lines
    }
}
