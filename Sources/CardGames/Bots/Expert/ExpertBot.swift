/// A Big Two bot that searches: determinized information-set Monte Carlo.
///
/// For each decision with a real choice it deals the cards it cannot see in many ways that
/// agree with what its seat has seen (`DealSampler`) and with what the moves of seats that
/// play greedily prove about their hands (`GreedyClues`), plays each candidate move
/// (`CandidateMoves`) on every one of those deals, finishes each deal with a bot in every
/// seat (`Playout`), and makes the move with the best mean score under the table's own scoring
/// (flat, standard or Hong Kong, with the last-card rule's liability): going out first counts
/// for what the others pay, and a lost deal for what the seat pays, so the bot limits its
/// losses as well as playing to win. The smart bot's move gets a small head start
/// (`guideBonus`). Every candidate meets the same deals, so the comparison is between moves,
/// not between deals. Its own seat plays out as a smart bot; each opponent as a smart, greedy
/// or random bot, whichever its moves so far suggest (`OpponentStyle`). When the unseen cards
/// can be dealt in few enough ways, it evaluates every way instead of sampling: an exact search
/// over the hidden cards.
///
/// Its only randomness is the sampling, drawn from its own generator: the same seed and the
/// same views in the same order give the same moves, on any machine: the budget counts deals,
/// not time.
public struct ExpertBot: BigTwoBot {
    /// The search budget of each decision.
    public let budget: ExpertBudget
    /// Values are counted in half points of the table's score, so that the head start can be
    /// half a point.
    static let halfPointsPerPoint = 2
    /// Added per deal searched to the smart bot's move, in half points: another candidate must
    /// beat it by half a point per deal. Against greedy bots, no head start won 1.5% fewer
    /// deals (1,000 deals) and two points per deal 0.5% fewer with a lower score.
    static let guideBonus = 1
    /// Draws per sampled deal that try to meet every greedy seat's clues.
    static let clueTries = 8
    private var generator: Xoshiro256StarStar
    private var guide = SmartBot.heuristic
    /// The deals the last decision searched: the budget's samples, or every consistent deal
    /// when there are no more than that (0 when the move needed no search).
    private(set) var dealsSearched = 0

    /// An expert whose sampling is fixed by `seed`, searching within `budget`.
    public init(seed: UInt64, budget: ExpertBudget = .standard) {
        self.budget = budget
        generator = Xoshiro256StarStar(seed: seed)
    }

    /// An expert that goes on sampling from `generator` (one saved between deals).
    public init(generator: Xoshiro256StarStar, budget: ExpertBudget = .standard) {
        self.budget = budget
        self.generator = generator
    }

    /// The generator the next samples are drawn from.
    public var sampling: Xoshiro256StarStar { generator }

    /// The move with the best mean score over the deals searched (the smart bot's move on a
    /// tie, or when there is nothing to compare). A pass when it is not this seat's turn.
    public mutating func chooseMove(_ view: BigTwoSeatView) -> BigTwoMove {
        dealsSearched = 0
        guard view.currentSeat == view.seat, !view.hand.isEmpty else { return .pass }
        let suggested = guide.chooseMove(view)
        let candidates = CandidateMoves(
            view: view, suggested: suggested, limit: budget.candidates
        ).moves
        guard candidates.count > 1 else { return suggested }
        var totals = evaluate(candidates, in: view)
        totals[0] += ExpertBot.guideBonus * dealsSearched
        var best = 0
        for index in candidates.indices where totals[index] > totals[best] { best = index }
        return candidates[best]
    }

    /// The total value of each candidate over the deals searched. A candidate the engine
    /// refuses (none is, as all come from the legal plays) gets a value never chosen.
    private mutating func evaluate(_ candidates: [BigTwoMove], in view: BigTwoSeatView)
        -> [Int]
    {
        let sampler = DealSampler(view: view)
        let styles = OpponentStyle.read(view)
        var totals = [Int](repeating: 0, count: candidates.count)
        dealsSearched = 0
        func add(_ hands: [CardSet], seed: UInt64) {
            dealsSearched += 1
            let position = sampler.position(hands: hands)
            for (index, move) in candidates.enumerated() {
                var deal = position
                guard (try? deal.apply(move, by: view.seat)) != nil else {
                    totals[index] = Int.min / 2
                    continue
                }
                let score = Playout.score(
                    of: view.seat, finishing: deal, styles: styles, seed: seed,
                    searching: budget.searchingSeats)
                totals[index] += score * ExpertBot.halfPointsPerPoint
            }
        }
        let clues = GreedyClues(view: view, styles: styles)
        let options = view.rules.options
        if sampler.dealCount(upTo: budget.samples) != nil {
            let deals = sampler.all()
            let admitted = deals.filter { clues.admits($0, options: options) }
            for hands in admitted.isEmpty ? deals : admitted { add(hands, seed: generator.next()) }
            return totals
        }
        for _ in 0..<budget.samples {
            add(draw(sampler, clues: clues, options: options), seed: generator.next())
        }
        return totals
    }

    /// One sampled deal that meets `clues` when `clueTries` draws find one; otherwise one
    /// that keeps to the clues' excluded cards, or failing that a uniform one (the clues are
    /// wrong when a seat read as greedy is not).
    private mutating func draw(
        _ sampler: DealSampler, clues: GreedyClues, options: BigTwoOptions
    ) -> [CardSet] {
        guard !clues.isEmpty else { return sampler.sample(using: &generator) }
        var fallback: [CardSet]?
        for _ in 0..<ExpertBot.clueTries {
            // No draw means no deal keeps to the excluded cards: none will on a retry.
            guard let hands = sampler.draw(using: &generator, excluding: clues.excluded) else {
                break
            }
            if clues.admits(hands, options: options) { return hands }
            if fallback == nil { fallback = hands }
        }
        return fallback ?? sampler.sample(using: &generator)
    }
}
