/// How long and how often a session tries to come back after its connection drops (a network
/// failure, or the server shutting down or restarting).
///
/// Attempts follow one another with a delay that doubles from `firstDelay` up to `maxDelay`,
/// for `window` seconds after the connection was lost; then the session gives up.
public struct ReconnectPolicy: Equatable, Sendable {
    /// Seconds to keep trying after the connection is lost; the server keeps a seat for its
    /// reconnect window (300 s by default), so the client tries at least as long.
    public var window: Double
    /// Seconds to wait after the first failed attempt.
    public var firstDelay: Double
    /// The longest wait between two attempts, in seconds.
    public var maxDelay: Double

    /// A policy; the defaults try for 300 s, waiting 0.25 s at first and at most 3 s.
    public init(window: Double = 300, firstDelay: Double = 0.25, maxDelay: Double = 3) {
        self.window = window
        self.firstDelay = firstDelay
        self.maxDelay = maxDelay
    }

    /// The default policy.
    public static let standard = ReconnectPolicy()

    /// Seconds to wait after attempt `attempt` (counted from 1) failed.
    public func delay(afterAttempt attempt: Int) -> Double {
        var delay = firstDelay
        for _ in 1..<max(attempt, 1) {
            delay *= 2
            if delay >= maxDelay { break }
        }
        return min(delay, maxDelay)
    }
}
