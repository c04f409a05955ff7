/// Counts from some of a run's games. Tallies merge by adding, so the total does not depend
/// on which thread played which game.
struct SimulationTally: Sendable {
    /// One broken invariant, with the game it happened in.
    struct Violation: Sendable {
        let game: Int
        let message: String
    }

    /// How many violations a tally keeps the message of (those of the lowest games).
    static let sampleLimit = 5

    var games = 0
    var moves = 0
    var violations = 0
    var draws = 0
    var wins: [Int]
    var scoreTotals: [Int]
    /// The sum of each seat's squared scores, for the spread of its mean.
    var scoreSquares: [Int]
    var samples: [Violation] = []
    /// How the seats played, for Big Two deals.
    var bigTwo: BigTwoPlayTally

    /// An empty tally for `seats` seats.
    init(seats: Int) {
        bigTwo = BigTwoPlayTally(seats: seats)
        wins = Array(repeating: 0, count: seats)
        scoreTotals = Array(repeating: 0, count: seats)
        scoreSquares = Array(repeating: 0, count: seats)
    }

    /// Records broken invariants of game `game`.
    mutating func recordViolations(_ messages: [String], game: Int) {
        guard !messages.isEmpty else { return }
        violations += messages.count
        samples += messages.map { Violation(game: game, message: $0) }
        keepLowestSamples()
    }

    /// Records a finished game: the winning seat (nil for a draw) and each seat's score.
    mutating func recordGame(winner: Int?, scores: [Int], moves: Int) {
        games += 1
        self.moves += moves
        if let winner { wins[winner] += 1 } else { draws += 1 }
        for seat in scores.indices {
            scoreTotals[seat] += scores[seat]
            scoreSquares[seat] += scores[seat] * scores[seat]
        }
    }

    /// Adds another tally's counts to this one.
    mutating func merge(_ other: SimulationTally) {
        games += other.games
        moves += other.moves
        violations += other.violations
        draws += other.draws
        for seat in wins.indices {
            wins[seat] += other.wins[seat]
            scoreTotals[seat] += other.scoreTotals[seat]
            scoreSquares[seat] += other.scoreSquares[seat]
        }
        samples += other.samples
        keepLowestSamples()
        bigTwo.merge(other.bigTwo)
    }

    /// The 95% confidence interval of each seat's mean score.
    var scoreIntervals: [ConfidenceInterval] {
        scoreTotals.indices.map { seat in
            ConfidenceInterval(
                count: games, sum: Double(scoreTotals[seat]),
                sumOfSquares: Double(scoreSquares[seat]))
        }
    }

    private mutating func keepLowestSamples() {
        guard samples.count > SimulationTally.sampleLimit else { return }
        samples.sort { $0.game < $1.game }
        samples.removeLast(samples.count - SimulationTally.sampleLimit)
    }
}
