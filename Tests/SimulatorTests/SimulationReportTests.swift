import CardGames
import Testing

@testable import Simulator

/// The spread and speed figures of a report.
@Suite struct SimulationReportTests {
    @Test func eachSeatsMeanScoreLiesInItsInterval() throws {
        let report = Simulation.run(
            SimulationConfig(
                games: 300, seed: 3, bigTwoBots: [.smart, .random, .random], threads: 1))
        #expect(report.meanScoreInterval.count == 3)
        for (mean, interval) in zip(report.meanScore, report.meanScoreInterval) {
            #expect(interval.count == 2)
            let low = try #require(interval.first)
            let high = try #require(interval.last)
            #expect(low < mean && mean < high)
        }
        #expect(report.decisionsPerSecond > 0)
        #expect(report.json().contains("\"mean_score_ci95\":[["))
        #expect(report.json().contains("\"decisions_per_second\":"))
        #expect(report.withoutTiming.decisionsPerSecond == 0)
    }

    @Test func theIntervalIsTheMeanPlusOrMinusTwoStandardErrors() {
        // Values 0, 2, 4, 6: mean 3, sample variance 20/3, standard error √(20/12).
        let interval = ConfidenceInterval(count: 4, sum: 12, sumOfSquares: 56)
        let margin = 1.96 * (20.0 / 12).squareRoot()
        #expect(abs(interval.low - (3 - margin)) < 1e-12)
        #expect(abs(interval.high - (3 + margin)) < 1e-12)
        #expect(ConfidenceInterval(count: 1, sum: 5, sumOfSquares: 25).low == 5)
        #expect(ConfidenceInterval(count: 0, sum: 0, sumOfSquares: 0).high == 0)
    }

    @Test func theTallyKeepsSquaresAcrossMerges() {
        var first = SimulationTally(seats: 2)
        first.recordGame(winner: 0, scores: [3, -3], moves: 10)
        var second = SimulationTally(seats: 2)
        second.recordGame(winner: 1, scores: [-1, 1], moves: 12)
        first.merge(second)
        #expect(first.scoreSquares == [10, 10])
        #expect(first.scoreTotals == [2, -2])
    }
}
