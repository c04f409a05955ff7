/// The moves `ExpertBot` compares in one decision, most promising first.
///
/// First the move `SmartBot` would make, then the pass (when allowed), then the legal plays
/// that keep the hand's plan whole (lowest first), the lowest play of each kind, the highest
/// single, and the other legal plays from the lowest up; at most `limit` in all.
struct CandidateMoves {
    /// The candidates, without repeats.
    private(set) var moves: [BigTwoMove] = []
    private let limit: Int

    /// The candidates for `view`, where `suggested` is the smart bot's move.
    init(view: BigTwoSeatView, suggested: BigTwoMove, limit: Int) {
        let context = SmartContext(view: view)
        self.init(
            view: view, suggested: suggested, limit: limit, context: context,
            plan: context.planner.plan(view.hand).combos)
    }

    /// The candidates for `view` when the smart bot's `context` and its `plan` for the hand
    /// are already at hand.
    init(
        view: BigTwoSeatView, suggested: BigTwoMove, limit: Int, context: SmartContext,
        plan: [Combination]
    ) {
        self.limit = limit
        add(suggested)
        if view.canPass { add(.pass) }
        if view.requiredCard == nil {
            // The planned plays come first, lowest first; when they fill the list, the other
            // legal plays (costly to list for a large hand) are not needed.
            for combo in plan.sorted(by: context.isLower)
            where context.rules.canFollow(combo, over: view.tablePlay) {
                add(.play(combo.cards))
            }
            if moves.count == limit { return }
        }
        let plays = view.legalPlays().sorted(by: context.isLower)
        let planned = Set(plan)
        for play in plays where planned.contains(play) { add(.play(play.cards)) }
        var kinds = Set<ComboKind>()
        for play in plays where kinds.insert(play.kind).inserted { add(.play(play.cards)) }
        if let highest = plays.last(where: { $0.kind == .single }) { add(.play(highest.cards)) }
        for play in plays { add(.play(play.cards)) }
    }

    private mutating func add(_ move: BigTwoMove) {
        guard moves.count < limit, !moves.contains(move) else { return }
        moves.append(move)
    }
}
