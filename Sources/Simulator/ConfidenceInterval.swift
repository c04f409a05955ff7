/// The 95% confidence interval of a mean, by the normal approximation: the mean ± 1.96
/// standard errors, with the sample standard deviation. Sound for the thousands of games a
/// simulation plays; with fewer than two games the interval is the mean alone.
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
}
