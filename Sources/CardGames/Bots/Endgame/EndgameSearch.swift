/// The smart bot's search for the end of a deal, where its heuristics err most and a search is
/// cheap: once an opponent is close to going out.
///
/// It deals the cards the seat cannot see in a few ways that agree with what the seat has
/// seen (`DealSampler`), plays each of a handful of candidate moves (`CandidateMoves`) on every
/// one of those deals, finishes each with every seat playing greedily (`GreedyPlayout`), and
/// makes the move with the best total value: the seat's score under the table's scoring, plus
/// a bonus for going out first, with a head start for the smart bot's own move so that a
/// move is overturned only by a clear margin. When the unseen cards can be dealt in no more
/// ways than the budget, every way is played instead.
///
/// Its samples are drawn from a generator seeded by the position (the seat's hand, the cards
/// played and the number of moves made), so the same view always gives the same move and the
/// bot keeps no state between moves.
struct EndgameSearch {
    /// The search applies once an opponent holds this many cards or fewer. Searching from 2
    /// cards or fewer won fewer deals; from 4, no more deals for a third more time.
    static let opponentCards = 3
    /// Deals sampled per decision. With the three candidates below, about as strong as 8 deals
    /// of 4 candidates and a little cheaper; 6 deals won fewer.
    static let samples = 7
    /// The most moves compared: the heuristics' move, the pass when allowed, and the planned
    /// plays lowest first (`CandidateMoves`).
    static let candidates = 3
    /// Added to a play-out's score when the seat goes out first: more than any one deal's
    /// score, so the search plays mostly to win.
    static let winBonus = 200
    /// Added per deal to the smart bot's own move: another move must beat it by a twentieth
    /// of a win per deal.
    static let guideBonus = 10

    let view: BigTwoSeatView

    /// True when `view`'s position calls for the search. Not while the last-card rule binds
    /// the seat (the next seat holds one card): the play-outs do not charge its liability, and
    /// the heuristics already play the highest single as it demands.
    static func applies(to view: BigTwoSeatView, fewestOpponentCards: Int) -> Bool {
        guard view.requiredCard == nil, fewestOpponentCards <= opponentCards else { return false }
        let next = (view.seat + 1) % view.seatCount
        return !(view.rules.options.lastCardRule && view.cardCounts[next] == 1)
    }

    /// The move with the best total value; `suggested` (the smart bot's move) on a tie or when
    /// there is nothing to compare.
    func choose(suggested: BigTwoMove, context: SmartContext, plan: [Combination]) -> BigTwoMove
    {
        // A pass over a pair or larger was overturned in under 1% of such positions, and
        // going out cannot be bettered.
        if suggested == .pass, let table = view.tablePlay, table.kind.size > 1 { return .pass }
        if suggested == .play(view.hand) { return suggested }
        let moves = CandidateMoves(
            view: view, suggested: suggested, limit: EndgameSearch.candidates, context: context,
            plan: plan
        ).moves
        guard moves.count > 1 else { return suggested }
        if let out = moves.first(where: { $0 == .play(view.hand) }) { return out }
        // Every candidate is legal (the heuristics' move or a legal play), so every play has
        // its combination.
        let plays: [Combination?] = moves.map { move in
            switch move {
            case .play(let cards): view.rules.classify(cards)
            case .pass: nil
            }
        }
        let sampler = DealSampler(view: view)
        var totals = [Int](repeating: 0, count: moves.count)
        var dealt = 0
        func add(_ hands: [CardSet]) {
            let start = GreedyPlayout(view: view, hands: hands)
            for index in plays.indices {
                var playout = start
                playout.move(plays[index])
                _ = playout.finish()
                let score = playout.score(of: view.seat)
                totals[index] += score + (playout.winner == view.seat ? EndgameSearch.winBonus : 0)
            }
            dealt += 1
        }
        if sampler.dealCount(upTo: EndgameSearch.samples) != nil {
            for hands in sampler.all() { add(hands) }
        } else {
            var generator = Xoshiro256StarStar(seed: seed)
            for _ in 0..<EndgameSearch.samples { add(sampler.draw(using: &generator)) }
        }
        totals[0] += EndgameSearch.guideBonus * dealt
        var best = 0
        for index in totals.indices where totals[index] > totals[best] { best = index }
        return moves[best]
    }

    /// The generator's seed: a mix of what identifies the position.
    private var seed: UInt64 {
        var mixer = SplitMix64(
            seed: view.hand.bits &* 0x9E37_79B9_7F4A_7C15 ^ view.playedCards.bits
                ^ UInt64(view.history.count) << 56 ^ UInt64(view.seat) << 52)
        return mixer.next()
    }
}
