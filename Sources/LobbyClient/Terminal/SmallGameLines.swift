import LobbyProtocol

/// What the interactive client prints for tic-tac-toe, memory and roulette events: the
/// action in a line, and the table with a prompt when this seat is to act.
enum SmallGameLines {
    /// The lines for `event`, with `table` the table as drawn now; none for other events.
    static func lines(for event: ServerEvent, state: SessionState, table: [String]) -> [String] {
        let recent = state.recent.last.map { ["· \($0)"] } ?? []
        switch event {
        case .tictactoeTurn(let notice) where notice.seat == state.seat:
            return table + ["your move: mark 1-9 (or a1-c3)"]
        case .memoryTurn(let notice) where notice.seat == state.seat:
            return table + ["your turn: flip a card, or two (flip 3 7)"]
        case .rouletteTurn(let notice) where notice.seat == state.seat:
            return table + ["your bets: bet 5 on 3, 2 on 7"]
        case .tictactoeResult:
            return table + recent + ["type again for one more round, restart to reset the score"]
        case .tictactoeRound, .tictactoeMark, .tictactoeRestart, .memoryStart, .memoryFlip,
            .rouletteRound, .rouletteBet:
            return recent
        case .memoryEnd(let end):
            return recent + ["  layout \(end.layout), seed \(end.seed)"]
        case .rouletteSpin(let spin):
            return recent + ["  totals \(spin.totals), seed \(spin.seed)"]
        default:
            return []
        }
    }
}
