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
    /// Which seats play out with the smart bot's end-game search (`EndgameSearch`); the
    /// other seats read as smart play by its heuristics alone.
    public var searchingSeats: SearchingSeats

    /// The seats whose play-outs use the end-game search.
    public enum SearchingSeats: Sendable, Hashable {
        /// None: the cheapest play-outs.
        case none
        /// The searching bot's own seat: its play-outs play as it will itself play late in
        /// the deal, at about twice the cost.
        case own
    }

    /// A budget; every parameter defaults to the standard budget's.
    public init(samples: Int = 44, candidates: Int = 6, searchingSeats: SearchingSeats = .none) {
        self.samples = max(1, samples)
        self.candidates = max(1, candidates)
        self.searchingSeats = searchingSeats
    }

    /// The most play-outs one decision makes: every candidate on every deal.
    public var playouts: Int { samples * candidates }

    /// The default: 44 deals, up to 6 moves (a few milliseconds per move on one core).
    public static let standard = ExpertBudget()

    /// The `master` level's budget: 200 deals, up to 8 moves, its own seat playing out with
    /// the end-game search; about 40 ms per move on one core, well inside the 800 ms a bot
    /// waits at a table with people. Against three experts it won 28.3% and 27.3% of 300
    /// deals (seeds 1 and 2), +0.5 cards per deal.
    public static let master = ExpertBudget(samples: 200, candidates: 8, searchingSeats: .own)
}
