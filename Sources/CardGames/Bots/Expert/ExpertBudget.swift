/// How much searching `ExpertBot` does for one decision.
///
/// The budget is counted in work, never in time: deals sampled and moves compared, so each
/// decision makes the same play-outs on any machine, however busy, and a table replays
/// exactly from its seed and its moves.
public struct ExpertBudget: Sendable, Hashable {
    /// Deals of the unseen cards sampled per decision; every candidate move is played out on
    /// each of them. When the unseen cards can be dealt in at most this many ways, every way
    /// is evaluated instead (an exact expectation over the hidden cards).
    public var samples: Int
    /// The most moves compared in one decision.
    public var candidates: Int

    /// A budget; every parameter defaults to the standard budget's.
    public init(samples: Int = 44, candidates: Int = 6) {
        self.samples = max(1, samples)
        self.candidates = max(1, candidates)
    }

    /// The most play-outs one decision makes: every candidate on every deal.
    public var playouts: Int { samples * candidates }

    /// The default: 44 deals, up to 6 moves (a few milliseconds per move on one core).
    public static let standard = ExpertBudget()
}
