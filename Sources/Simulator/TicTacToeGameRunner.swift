import CardGames

/// Plays tic-tac-toe rounds between bots, the first mover alternating with the round's
/// index, and re-checks the board after every mark from its own reading of the cells.
struct TicTacToeGameRunner: Sendable {
    let config: SimulationConfig

    /// Plays round `index` and adds it to `tally`.
    func play(game index: Int, into tally: inout SimulationTally) {
        let played = playRound(index)
        tally.recordViolations(played.problems, game: index)
        tally.recordGame(
            winner: played.match.result?.winnerSeat, scores: played.match.score,
            moves: played.moves)
    }

    /// Plays round `index` to its end: the match as it ended, the marks made, and the broken
    /// invariants found on the way.
    func playRound(_ index: Int) -> (match: TicTacToeMatch, moves: Int, problems: [String]) {
        let first: TicTacToeMark = index % 2 == 0 ? .o : .x
        var match = TicTacToeMatch(first: first)
        var rng = Xoshiro256StarStar(
            seed: SimulationConfig.botSeed(master: config.seed, game: index, seat: 0))
        let kinds = config.ticTacToeBots
        var problems: [String] = []
        var mover = first
        var result: TicTacToeResult?
        var moves = 0
        var marks = Marks()
        while let seat = match.seatToMove, moves < 9 {
            if seat != mover.seat { problems.append("seat \(seat) moves out of turn") }
            let cell = TicTacToeBot(kind: kinds[seat]).chooseCell(
                board: match.board, mark: mover, using: &rng)
            do {
                result = try match.mark(cell, by: seat)
            } catch {
                problems.append("seat \(seat) (\(kinds[seat])) marked \(cell + 1): \(error)")
                break
            }
            moves += 1
            marks.add(mover, at: cell)
            let found = Self.check(
                match.board, marks: marks, after: cell, by: mover, result: result)
            if !found.isEmpty { problems += found }
            mover = mover.other
        }
        if result == nil { problems.append("the round ended without a result") }
        problems += Self.checkStrength(kinds, result: result)
        return (match, moves, problems)
    }

    /// The eight lines as cell triples, spelled out apart from the engine's masks.
    private static let triples: [(Int, Int, Int)] = [
        (0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6),
    ]

    /// The triples as masks of cell indices.
    private static let lineMasks: [UInt16] = triples.map { 1 << $0.0 | 1 << $0.1 | 1 << $0.2 }

    /// The cells of each mark as this checker saw them marked, apart from the engine's board.
    struct Marks {
        var o: UInt16 = 0
        var x: UInt16 = 0

        /// The cells of `mark`.
        func cells(of mark: TicTacToeMark) -> UInt16 { mark == .o ? o : x }

        /// Records `mark` in cell `cell`.
        mutating func add(_ mark: TicTacToeMark, at cell: Int) {
            if mark == .o { o |= 1 << UInt16(cell) } else { x |= 1 << UInt16(cell) }
        }
    }

    /// The board after `mark` went in `cell`: it holds exactly the marks the checker saw made
    /// (`marks`, which include this one), the counts differ by at most one, and the engine's
    /// result agrees with this checker's own search for a line.
    static func check(
        _ board: TicTacToeBoard, marks: Marks, after cell: Int, by mark: TicTacToeMark,
        result: TicTacToeResult?
    ) -> [String] {
        var problems: [String] = []
        if board[cell] != mark { problems.append("cell \(cell + 1) does not hold \(mark)") }
        if board.o != marks.o || board.x != marks.x {
            problems.append("the board does not hold the marks made")
        }
        let balance = marks.o.nonzeroBitCount - marks.x.nonzeroBitCount
        if abs(balance) > 1 { problems.append("the marks are out of balance by \(balance)") }
        let mine = marks.cells(of: mark)
        let lined = lineMasks.contains { mine & $0 == $0 }
        let full = marks.o | marks.x == 0b111_111_111
        switch result {
        case .win(let winner, _)?:
            if !lined || winner != mark { problems.append("a win without a line of \(mark)") }
        case .draw?:
            if lined || !full { problems.append("a draw with a line or an empty cell") }
        case nil:
            if lined || full { problems.append("the round went on after it was decided") }
        }
        return problems
    }

    /// Perfect bots never lose: two of them always draw.
    static func checkStrength(_ kinds: [TicTacToeBot.Kind], result: TicTacToeResult?)
        -> [String]
    {
        guard let loser = result?.winnerSeat.map({ 1 - $0 }), kinds[loser] == .perfect else {
            return []
        }
        return ["the perfect bot at seat \(loser) lost"]
    }
}
