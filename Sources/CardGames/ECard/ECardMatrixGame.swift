/// A two-by-two zero-sum game in which the row player maximises and the column player
/// minimises the row player's payoff, solved in closed form.
public struct ECardMatrixGame: Sendable, Hashable {
    /// The row player's payoff for each pair of choices: `payoffs[row][column]`.
    public let payoffs: [[Double]]

    /// The game with the given row-player payoffs (row 0/1 against column 0/1).
    public init(
        firstFirst: Double, firstSecond: Double, secondFirst: Double, secondSecond: Double
    ) {
        payoffs = [[firstFirst, firstSecond], [secondFirst, secondSecond]]
    }

    /// An equilibrium of the game: how often each player makes its first choice, and the
    /// expected payoff to the row player when both follow it.
    public struct Solution: Sendable, Hashable {
        /// Probability that the row player picks row 0.
        public let rowFirstProbability: Double
        /// Probability that the column player picks column 0.
        public let columnFirstProbability: Double
        /// The value of the game to the row player.
        public let value: Double
    }

    /// A pure saddle point when one exists (an entry that is the least of its row and the
    /// greatest of its column), otherwise the unique fully mixed equilibrium.
    public func solve() -> Solution {
        for row in 0..<2 {
            for column in 0..<2 where isSaddlePoint(row: row, column: column) {
                return Solution(
                    rowFirstProbability: row == 0 ? 1 : 0,
                    columnFirstProbability: column == 0 ? 1 : 0,
                    value: payoffs[row][column])
            }
        }
        let a = payoffs[0][0]
        let b = payoffs[0][1]
        let c = payoffs[1][0]
        let d = payoffs[1][1]
        // Without a saddle point the diagonals strictly alternate, so this is never zero.
        let denominator = a - b - c + d
        return Solution(
            rowFirstProbability: (d - c) / denominator,
            columnFirstProbability: (d - b) / denominator,
            value: (a * d - b * c) / denominator)
    }

    private func isSaddlePoint(row: Int, column: Int) -> Bool {
        let entry = payoffs[row][column]
        return entry <= payoffs[row][1 - column] && entry >= payoffs[1 - row][column]
    }
}
