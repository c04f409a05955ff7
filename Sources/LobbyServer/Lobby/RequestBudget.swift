/// A token bucket bounding how many requests one connection may send: `rate` per second on
/// average, in bursts of at most `burst`. A client that keeps sending past it after
/// `patience` refusals in a row is marked for disconnection, so that no single client can
/// monopolise the lobby.
struct RequestBudget {
    /// Requests allowed per second, on average.
    let rate: Double
    /// Requests allowed at once after a quiet spell.
    let burst: Double
    /// Refusals in a row tolerated before the client is dropped.
    let patience: Int
    private var tokens: Double
    private var refilled: ContinuousClock.Instant
    private var refusals = 0

    init(rate: Int, burst: Int, patience: Int = 200, now: ContinuousClock.Instant = .now) {
        self.rate = Double(max(rate, 1))
        self.burst = Double(max(burst, 1))
        self.patience = patience
        tokens = self.burst
        refilled = now
    }

    /// Spends one request sent at `now`.
    mutating func spend(at now: ContinuousClock.Instant = .now) -> FloodThrottle.Verdict {
        let elapsed = now - refilled
        let seconds =
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(burst, tokens + seconds * rate)
        refilled = now
        guard tokens >= 1 else {
            refusals += 1
            return refusals > patience ? .disconnect : .refuse
        }
        tokens -= 1
        refusals = 0
        return .allow
    }
}
