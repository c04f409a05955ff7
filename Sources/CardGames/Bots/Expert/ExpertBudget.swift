/// How much searching `ExpertBot` does for one decision.
///
/// The budget is counted in sampled deals, so the bot's moves depend only on its seed and the
/// views it is shown. The time limit is a safety net: with the standard budget a decision
/// takes a few milliseconds on one core, and the limit binds only on a machine many times
/// slower than that (then the decision uses the deals evaluated so far, and is no longer
/// reproducible).
public struct ExpertBudget: Sendable, Hashable {
    /// Deals of the unseen cards sampled per decision; every candidate move is played out on
    /// each of them. When the unseen cards can be dealt in at most this many ways, every way
    /// is evaluated instead (an exact expectation over the hidden cards).
    public var samples: Int
    /// The most moves compared in one decision.
    public var candidates: Int
    /// The wall-clock time after which a decision stops sampling (at least one deal is always
    /// evaluated).
    public var timeLimit: Duration

    /// A budget; every parameter defaults to the standard budget's.
    public init(samples: Int = 44, candidates: Int = 6, timeLimit: Duration = .milliseconds(20)) {
        self.samples = max(1, samples)
        self.candidates = max(1, candidates)
        self.timeLimit = timeLimit
    }

    /// The default: 44 deals, up to 6 moves, at most 20 ms.
    public static let standard = ExpertBudget()
}
