/// A token bucket bounding how many requests one connection may send: `rate` per second on
/// average, in bursts of at most `burst`. A client refused more than `patience` times within
/// any `window` is marked for disconnection, so that no single client can monopolise the
/// lobby. The same bucket, with a small burst, throttles chat.
///
/// The rule counts refusals over a time window, not in a row: under a steady flood every
/// refill lets one request through, and a count that restarted at each of them was never
/// reached.
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
    /// Refusals tolerated within ``window`` before the client is dropped.
    let patience: Int
    /// The span over which refusals are counted.
    let window: Duration
    private var tokens: Double
    private var refilled: ContinuousClock.Instant
    /// The times of the latest refusals, at most `patience + 1`, as a ring; empty until the
    /// first refusal, so well-behaved clients pay nothing for it.
    private var refusals: [ContinuousClock.Instant] = []
    private var oldestRefusal = 0

    init(
        rate: Double, burst: Int, patience: Int = 200, window: Duration = .seconds(2),
        now: ContinuousClock.Instant = .now
    ) {
        self.rate = max(rate, 0.001)
        self.burst = Double(max(burst, 1))
        self.patience = max(patience, 0)
        self.window = window
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
        guard tokens >= 1 else { return refuse(at: now) }
        tokens -= 1
        return .allow
    }

    /// Records a refusal; more than `patience` of them within `window` means disconnect.
    private mutating func refuse(at now: ContinuousClock.Instant) -> Verdict {
        if refusals.count <= patience {
            refusals.append(now)
            guard refusals.count > patience else { return .refuse }
        } else {
            refusals[oldestRefusal] = now
            oldestRefusal = (oldestRefusal + 1) % refusals.count
        }
        // The ring is full: it holds the latest patience + 1 refusals, oldest first.
        return now - refusals[oldestRefusal] <= window ? .disconnect : .refuse
    }
}

extension RequestBudget {
    /// The chat throttle: 5 lines at once, then one every 0.4 s (5 lines per 2 seconds); a
    /// client refused more than 10 times within 2 seconds is dropped.
    static func chat() -> RequestBudget {
        RequestBudget(rate: 2.5, burst: 5, patience: 10)
    }
}
