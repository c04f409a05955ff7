/// Limits how fast one connection may chat: at most `limit` lines per `window`. A client that
/// keeps going after being told is marked for disconnection.
struct FloodThrottle {
    /// What to do with a line.
    enum Verdict: Equatable {
        case allow
        case refuse
        case disconnect
    }

    let limit: Int
    let window: Duration
    /// Refusals tolerated before the client is dropped.
    let patience: Int
    private var recent: [ContinuousClock.Instant] = []
    private var refusals = 0

    init(limit: Int = 5, window: Duration = .seconds(2), patience: Int = 10) {
        self.limit = limit
        self.window = window
        self.patience = patience
    }

    /// Counts a line sent at `now`.
    mutating func check(at now: ContinuousClock.Instant = .now) -> Verdict {
        recent.removeAll { now - $0 >= window }
        guard recent.count < limit else {
            refusals += 1
            return refusals > patience ? .disconnect : .refuse
        }
        recent.append(now)
        refusals = 0
        return .allow
    }
}
