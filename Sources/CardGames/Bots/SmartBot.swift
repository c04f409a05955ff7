/// A Big Two bot that plans its hand and plays to go out first.
///
/// - It splits its hand into combinations that need the fewest losing turns (`HandPlanner`)
///   and plays from that plan, re-planning only when it has to break a combination.
/// - It tracks the cards still out to know which of its combinations nothing can beat, keeps
///   those (2s, aces, bombs, top five-card hands) for when they matter, and runs them off once
///   at most one losing combination is left.
/// - It leads its weakest combination, preferring ones that shed more cards.
/// - When an opponent is low on cards it stops leading what that opponent could follow, plays
///   its highest single when the next seat holds one card (as the last-card rule demands), and
///   breaks combinations to take the trick.
/// - Once an opponent holds three cards or fewer, it checks its move by a small search over
///   sampled deals of the unseen cards (`EndgameSearch`), and makes the search's move when that
///   is clearly better.
///
/// The search samples from a generator seeded by the position, so the bot keeps no random
/// state: the same views in the same order give the same moves.
public struct SmartBot: BigTwoBot {
    private var plan: HandPlan?
    private var plannedHand = CardSet()
    /// False for the heuristics alone, without the end-game search.
    private var searches = true

    /// A smart bot with no plan yet.
    public init() {}

    /// A smart bot that plays by its heuristics alone: the expert's guide and play-out policy,
    /// where a search inside every play-out would cost far more than it gives.
    static var heuristic: SmartBot {
        var bot = SmartBot()
        bot.searches = false
        return bot
    }

    /// The move chosen by the strategy above; a pass when it is not this seat's turn.
    public mutating func chooseMove(_ view: BigTwoSeatView) -> BigTwoMove {
        guard view.currentSeat == view.seat, !view.hand.isEmpty else { return .pass }
        let context = SmartContext(view: view)
        if plan == nil || plannedHand != view.hand {
            plan = context.planner.plan(view.hand)
            plannedHand = view.hand
        }
        let current = plan!
        let chosen: Combination?
        if let table = view.tablePlay {
            chosen = context.follow(table, plan: current)
        } else {
            chosen = context.lead(plan: current)
        }
        if searches,
            EndgameSearch.applies(to: view, fewestOpponentCards: context.fewestOpponentCards)
        {
            let suggested: BigTwoMove = chosen.map { .play($0.cards) } ?? .pass
            let move = EndgameSearch(view: view).choose(
                suggested: suggested, context: context, plan: current.combos)
            if move != suggested {
                plan = nil
                return move
            }
        }
        guard let chosen else { return .pass }
        if current.combos.contains(chosen) {
            plan = current.removing(chosen)
            plannedHand = view.hand.subtracting(chosen.cards)
        } else {
            plan = nil
        }
        return .play(chosen.cards)
    }
}
