/// Perfect play, from tables of every position's value and best cells computed once.
///
/// A position is seen from the side to move: `mine` and `theirs` are the two masks. Its value
/// is +1 when the mover can force a win, 0 a draw, −1 a loss. The tables hold 2^18 entries
/// (most unreachable) and are filled by memoised minimax on first use.
public enum TicTacToeSolver {
    /// The value of the position for the side to move, which owns `mine`.
    public static func value(mine: UInt16, theirs: UInt16) -> Int {
        Int(tables.values[Int(mine) | Int(theirs) << 9])
    }

    /// The cells where the mover keeps the best value it can force, as a mask: from the table
    /// for a position the search reached, otherwise worked out cell by cell.
    public static func bestMoves(mine: UInt16, theirs: UInt16) -> UInt16 {
        let known = tables.bestCells[Int(mine) | Int(theirs) << 9]
        return known != 0 ? known : searchBestMoves(mine: mine, theirs: theirs)
    }

    /// ``bestMoves(mine:theirs:)`` worked out from the values of the moves.
    static func searchBestMoves(mine: UInt16, theirs: UInt16) -> UInt16 {
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

    /// Each position's value (2 where the search never went) and, where it has an empty
    /// cell, the mask of the cells that keep that value.
    private static let tables: (values: [Int8], bestCells: [UInt16]) = {
        var values = [Int8](repeating: 2, count: 1 << 18)
        var bestCells = [UInt16](repeating: 0, count: 1 << 18)
        func solve(_ mine: UInt16, _ theirs: UInt16) -> Int8 {
            let key = Int(mine) | Int(theirs) << 9
            if values[key] != 2 { return values[key] }
            var best: Int8 = -1
            var cells: UInt16 = 0
            var open = TicTacToeBoard.full & ~(mine | theirs)
            if open == 0 { best = 0 }
            while open != 0 {
                let bit = open & (0 &- open)
                open &= open - 1
                let after = mine | bit
                let score: Int8 =
                    TicTacToeBoard.hasLine(after)
                    ? 1 : (after | theirs == TicTacToeBoard.full ? 0 : -solve(theirs, after))
                if cells == 0 || score > best {
                    best = score
                    cells = bit
                } else if score == best {
                    cells |= bit
                }
            }
            values[key] = best
            bestCells[key] = cells
            return best
        }
        _ = solve(0, 0)
        return (values, bestCells)
    }()
}
