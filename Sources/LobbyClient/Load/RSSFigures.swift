/// The server's resident set over a long run, from the `--rss-every` samples: whether it
/// levels off once the sessions' reconnect window has passed.
public struct RSSFigures: Codable, Sendable, Equatable {
    /// Resident megabytes at each sample, in order.
    public var samplesMb: [Double]
    /// Seconds between two samples.
    public var everySeconds: Int
    /// Megabytes a minute the resident set grew over the second half of the run (from the
    /// sample at its middle to the last), when it is flat, about 0.
    public var growthMbPerMinute: Double?

    /// The figures of `samples` (bytes) taken every `seconds`.
    public init(samples: [Int], everySeconds seconds: Int) {
        samplesMb = samples.map { (Double($0) / 1_048_576 * 10).rounded() / 10 }
        everySeconds = seconds
        let middle = samples.count / 2
        guard samples.count >= 3, seconds > 0, let last = samples.last else { return }
        let minutes = Double((samples.count - 1 - middle) * seconds) / 60
        growthMbPerMinute = Double(last - samples[middle]) / 1_048_576 / minutes
    }
}
