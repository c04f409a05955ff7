/// Request-to-reply latencies in milliseconds, with percentiles.
public struct LatencyRecorder: Sendable {
    /// Every sample, in milliseconds, in arrival order.
    public private(set) var samples: [Double] = []

    /// An empty recorder.
    public init() {}

    /// Adds one sample.
    public mutating func record(_ milliseconds: Double) { samples.append(milliseconds) }

    /// Adds every sample of another recorder.
    public mutating func merge(_ other: LatencyRecorder) { samples += other.samples }

    /// The nearest-rank percentile (`p` in 0…100), or 0 without samples.
    public func percentile(_ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// The largest sample, or 0.
    public var maximum: Double { samples.max() ?? 0 }

    /// p50, p99 and max, for reports.
    public var summary: LatencySummary {
        LatencySummary(p50: percentile(50), p99: percentile(99), max: maximum)
    }
}

/// The latency figures of a report, in milliseconds.
public struct LatencySummary: Codable, Sendable, Equatable {
    /// Median.
    public var p50: Double
    /// 99th percentile.
    public var p99: Double
    /// Largest.
    public var max: Double
}
