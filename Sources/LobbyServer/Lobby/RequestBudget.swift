/// A token bucket bounding how many requests one connection may send: `rate` per second on
/// average, in bursts of at most `burst`. A client that keeps sending past it after
/// `patience` refusals in a row is marked for disconnection, so that no single client can
/// monopolise the lobby. The same bucket, with a small burst, throttles chat.
struct RequestBudget {
    /// What to do with a request.
    enum Verdict: Equatable {
        case allow
        case refuse
        case disconnect
    }

    /// Requests allowed per second, on average.
    let rate: Double
    /// Requests allowed at once after a quiet spell.
    let burst: Double
    /// Refusals in a row tolerated before the client is dropped.
    let patience: Int
    private var tokens: Double
    private var refilled: ContinuousClock.Instant
    private var refusals = 0

    init(rate: Double, burst: Int, patience: Int = 200, now: ContinuousClock.Instant = .now) {
        self.rate = max(rate, 0.001)
        self.burst = Double(max(burst, 1))
        self.patience = patience
        tokens = self.burst
        refilled = now
    }

    /// Spends one request sent at `now`.
    mutating func spend(at now: ContinuousClock.Instant = .now) -> Verdict {
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

extension RequestBudget {
    /// The chat throttle: 5 lines at once, then one every 0.4 s (5 lines per 2 seconds); a
    /// client refused 10 times in a row is dropped.
    static func chat() -> RequestBudget {
        RequestBudget(rate: 2.5, burst: 5, patience: 10)
    }
}
