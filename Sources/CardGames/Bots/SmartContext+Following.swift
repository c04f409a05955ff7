extension SmartContext {
    /// The combination to play over `table`, or nil to pass.
    func follow(_ table: Combination, plan: HandPlan) -> Combination? {
        if table.kind == .single && view.cardCounts[nextSeat] == 1 {
            let highest = highestSingle
            return rules.canFollow(highest, over: table) ? highest : nil
        }
        let beating = plan.combos.filter { rules.canFollow($0, over: table) }
        if let lowest = beating.min(by: isLowerFollow) {
            if shouldSpend(lowest, plan: plan) { return lowest }
            return nil
        }
        if isUrgent(table) { return breakingPlay(over: table) }
        return nil
    }

    /// Orders plays over a table: a play of the table's size before a bomb, then lowest first.
    private func isLowerFollow(_ a: Combination, _ b: Combination) -> Bool {
        let sizeA = a.kind.size == view.tablePlay?.kind.size ? 0 : 1
        let sizeB = b.kind.size == view.tablePlay?.kind.size ? 0 : 1
        return (sizeA, a.kind.rawValue, a.strength) < (sizeB, b.kind.rawValue, b.strength)
    }

    /// Whether to play `combo` from the plan now: weak combinations always go; controls wait
    /// until an opponent is close to going out or the rest of the plan can be run off.
    private func shouldSpend(_ combo: Combination, plan: HandPlan) -> Bool {
        let chance = planner.winChance(of: combo)
        if chance < SmartContext.controlChance && !combo.kind.isBomb { return true }
        if fewestOpponentCards <= SmartContext.dangerCards { return true }
        let losers = plan.combos.filter { $0 != combo && planner.winChance(of: $0) < 1 }
        return losers.count <= 1
    }

    /// True when the seat that played `table` or another opponent may go out soon.
    private func isUrgent(_ table: Combination) -> Bool {
        fewestOpponentCards <= 2
            || (view.tableSeat.map { view.cardCounts[$0] } ?? Int.max) <= SmartContext.dangerCards
    }

    /// The legal play that leaves the cheapest plan, when the plan has none that beats the table.
    private func breakingPlay(over table: Combination) -> Combination? {
        var best: Combination?
        var bestCost = Double.infinity
        for play in view.legalPlays() {
            let cost = planner.plan(view.hand.subtracting(play.cards)).cost
            if cost < bestCost {
                best = play
                bestCost = cost
            }
        }
        return best
    }
}
