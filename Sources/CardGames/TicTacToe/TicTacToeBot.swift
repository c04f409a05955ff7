/// A tic-tac-toe bot. It sees only the board, which hides nothing, and is deterministic given
/// its random number generator.
public struct TicTacToeBot: Sendable, Hashable {
    /// How well the bot plays, by the name used in flags and reports.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Marks a uniformly random empty cell.
        case random
        /// Plays like `perfect`, except that it misses a win or a block with probability
        /// ``TicTacToeBot/missChance``.
        case casual
        /// Minimax: never loses; among equally good cells it picks one at random.
        case perfect
    }

    /// How often the `casual` bot misses a win or a block it could have made.
    public static let missChance = 0.25

    /// The bot's kind.
    public let kind: Kind

    /// A bot of this kind.
    public init(kind: Kind) {
        self.kind = kind
    }

    /// The cell (index 0 to 8) to mark for `mark` on `board`, which must have an empty cell.
    public func chooseCell(
        board: TicTacToeBoard, mark: TicTacToeMark, using rng: inout Xoshiro256StarStar
    ) -> Int {
        let mine = board.cells(of: mark)
        let theirs = board.cells(of: mark.other)
        let open = board.empty
        precondition(open != 0, "no empty cell to mark")
        switch kind {
        case .random:
            return rng.nextSetBit(of: open)
        case .perfect:
            return rng.nextSetBit(of: TicTacToeSolver.bestMoves(mine: mine, theirs: theirs))
        case .casual:
            let wins = TicTacToeSolver.winningMoves(mine: mine, theirs: theirs)
            let blocks = TicTacToeSolver.winningMoves(mine: theirs, theirs: mine)
            let chances = wins != 0 ? wins : blocks
            if chances != 0, chances != open, rng.nextChance(Self.missChance) {
                return rng.nextSetBit(of: open & ~chances)
            }
            return rng.nextSetBit(of: TicTacToeSolver.bestMoves(mine: mine, theirs: theirs))
        }
    }
}
