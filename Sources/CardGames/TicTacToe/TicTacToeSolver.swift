/// Perfect play, from a table of every position's value computed once.
///
/// A position is seen from the side to move: `mine` and `theirs` are the two masks. Its value
/// is +1 when the mover can force a win, 0 a draw, −1 a loss. The table holds 2^18 entries
/// (most unreachable) and is filled by memoised minimax on first use.
public enum TicTacToeSolver {
    /// The value of the position for the side to move, which owns `mine`.
    public static func value(mine: UInt16, theirs: UInt16) -> Int {
        Int(table[Int(mine) | Int(theirs) << 9])
    }

    /// The cells where the mover keeps the best value it can force, as a mask.
    public static func bestMoves(mine: UInt16, theirs: UInt16) -> UInt16 {
        var best = Int.min
        var cells: UInt16 = 0
        var open = TicTacToeBoard.full & ~(mine | theirs)
        while open != 0 {
            let cell = open.trailingZeroBitCount
            open &= open - 1
            let score = moveValue(mine: mine, theirs: theirs, cell: cell)
            if score > best {
                best = score
                cells = 1 << UInt16(cell)
            } else if score == best {
                cells |= 1 << UInt16(cell)
            }
        }
        return cells
    }

    /// The cells where the mover completes a line at once, as a mask.
    public static func winningMoves(mine: UInt16, theirs: UInt16) -> UInt16 {
        var cells: UInt16 = 0
        var open = TicTacToeBoard.full & ~(mine | theirs)
        while open != 0 {
            let bit = open & (0 &- open)
            open &= open - 1
            if TicTacToeBoard.hasLine(mine | bit) { cells |= bit }
        }
        return cells
    }

    /// The value for the mover of playing `cell`.
    static func moveValue(mine: UInt16, theirs: UInt16, cell: Int) -> Int {
        let after = mine | 1 << UInt16(cell)
        if TicTacToeBoard.hasLine(after) { return 1 }
        if after | theirs == TicTacToeBoard.full { return 0 }
        return -value(mine: theirs, theirs: after)
    }

    private static let table: [Int8] = {
        var values = [Int8](repeating: 2, count: 1 << 18)
        func solve(_ mine: UInt16, _ theirs: UInt16) -> Int8 {
            let key = Int(mine) | Int(theirs) << 9
            if values[key] != 2 { return values[key] }
            var best: Int8 = -1
            var open = TicTacToeBoard.full & ~(mine | theirs)
            if open == 0 { best = 0 }
            while open != 0 {
                let bit = open & (0 &- open)
                open &= open - 1
                let after = mine | bit
                let score: Int8 =
                    TicTacToeBoard.hasLine(after)
                    ? 1 : (after | theirs == TicTacToeBoard.full ? 0 : -solve(theirs, after))
                best = max(best, score)
            }
            values[key] = best
            return best
        }
        _ = solve(0, 0)
        return values
    }()
}
