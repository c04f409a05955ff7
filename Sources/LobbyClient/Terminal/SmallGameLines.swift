import LobbyProtocol

/// What the interactive client prints for tic-tac-toe, memory and roulette events: the
/// action in a line, and the table, whose board ends with what to type, when this seat is to
/// act.
enum SmallGameLines {
    /// The lines for `event`, with `table` the table as drawn now; none for other events, and
    /// none for those that read best in text mode's words.
    static func lines(for event: ServerEvent, state: SessionState, table: [String]) -> [String] {
        let recent = state.recent.last.map { ["· \($0)"] } ?? []
        switch event {
        // The board's last line says what to type at one's own turn.
        case .tictactoeTurn(let notice) where notice.seat == state.seat:
            return table
        case .memoryTurn(let notice) where notice.seat == state.seat:
            return table
        case .rouletteTurn(let notice) where notice.seat == state.seat:
            return table
        case .tictactoeResult:
            return table + recent + ["type again for one more round, restart to reset the score"]
        case .tictactoeRound, .tictactoeMark, .tictactoeRestart, .memoryStart, .memoryFlip,
            .rouletteRound, .rouletteBet:
            return recent
        // A game's end reads as on nc: the totals by name, the seed shortened on a line of
        // its own (`history` shows it whole).
        case .memoryEnd, .rouletteSpin:
            return []
        default:
            return []
        }
    }
}
