/// A 95% confidence interval: of a mean, by the normal approximation (the mean ± 1.96
/// standard errors, with the sample standard deviation: sound for the thousands of games a
/// simulation plays; with fewer than two games the interval is the mean alone), or of a rate,
/// by Wilson's score interval.
struct ConfidenceInterval: Sendable, Equatable {
    /// The z-value of a two-sided 95% interval.
    static let z95 = 1.96

    let low: Double
    let high: Double

    /// The interval of the mean of `count` values summing to `sum`, whose squares sum to
    /// `sumOfSquares`.
    init(count: Int, sum: Double, sumOfSquares: Double) {
        guard count > 0 else {
            low = 0
            high = 0
            return
        }
        let n = Double(count)
        let mean = sum / n
        guard count > 1 else {
            low = mean
            high = mean
            return
        }
        let variance = max(0, (sumOfSquares - n * mean * mean) / (n - 1))
        let margin = ConfidenceInterval.z95 * (variance / n).squareRoot()
        low = mean - margin
        high = mean + margin
    }

    /// Wilson's score interval of the rate `successes / trials`: unlike the mean ± 1.96
    /// standard errors, it stays inside 0…1 and is sound near either end, where strong bots'
    /// win rates sit. With no trials it is 0…1.
    init(successes: Int, trials: Int) {
        guard trials > 0 else {
            low = 0
            high = 1
            return
        }
        let n = Double(trials)
        let p = Double(successes) / n
        let z = ConfidenceInterval.z95
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let margin = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
        low = max(0, centre - margin)
        high = min(1, centre + margin)
    }
}
