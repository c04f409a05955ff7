extension SmartContext {
    /// Beatable singles of this rank or higher are kept back from following (aces and 2s).
    static let keptSingleRank = Rank.ace.rawValue
    /// Beatable pairs of this rank or higher are kept back from following (queens up).
    static let keptPairRank = Rank.queen.rawValue
    /// Unbeatable combinations are spent on following once at most this many combinations
    /// that can be beaten are left besides them.
    static let spendControlAt = 2
    /// How much worse a plan may get when breaking a combination to stop an opponent.
    static let breakTolerance = 3.0

    /// The combination to play over `table`, or nil to pass.
    ///
    /// When the next seat holds one card and the table is a single, the highest single plays
    /// if it beats the table (the last-card rule). Otherwise the lowest planned combination
    /// that beats the table plays, unless it is worth keeping: unbeatable combinations and
    /// bombs wait until the seat that played the table is close to going out or at most
    /// `spendControlAt` combinations that can be beaten are left, and high beatable singles
    /// and pairs wait until an opponent is close to going out (or until nothing else in the
    /// plan can be beaten: then they play, to go out or to run the rest off).
    /// With nothing planned that beats the table, a combination is broken only when an
    /// opponent may go out soon, and only if the plan gets at most a little worse.
    func follow(_ table: Combination, plan: HandPlan) -> Combination? {
        if table.kind == .single && view.cardCounts[nextSeat] == 1 {
            let highest = highestSingle
            return rules.canFollow(highest, over: table) ? highest : nil
        }
        let beating = plan.combos.filter { rules.canFollow($0, over: table) }
        if let lowest = beating.min(by: isLowerFollow) {
            return shouldSpend(lowest, plan: plan) ? lowest : nil
        }
        guard isUrgent(table), let (play, cost) = breakingPlay(over: table),
            cost <= planner.cost(of: plan.combos) + SmartContext.breakTolerance
        else { return nil }
        return play
    }

    /// Orders plays over a table: a play of the table's size before a bomb, then lowest first.
    private func isLowerFollow(_ a: Combination, _ b: Combination) -> Bool {
        let size = view.tablePlay?.kind.size
        let bombA = a.kind.size == size ? 0 : 1
        let bombB = b.kind.size == size ? 0 : 1
        return (bombA, a.kind.rawValue, a.strength) < (bombB, b.kind.rawValue, b.strength)
    }

    /// Whether to play `combo` from the plan now, as described in `follow`.
    private func shouldSpend(_ combo: Combination, plan: HandPlan) -> Bool {
        if isUnbeatable(combo) || combo.kind.isBomb {
            if tableOwnerCards <= SmartContext.dangerCards { return true }
            let others = plan.combos.filter { $0 != combo && !isUnbeatable($0) }
            return others.count <= SmartContext.spendControlAt
        }
        let danger = fewestOpponentCards <= SmartContext.dangerCards
        if danger || plan.combos.allSatisfy({ $0 == combo || isUnbeatable($0) }) { return true }
        let rank = combo.cards.highest!.rank.rawValue
        switch combo.kind {
        case .single: return rank < SmartContext.keptSingleRank
        case .pair: return rank < SmartContext.keptPairRank
        default: return true
        }
    }

    /// True when an opponent holds two cards or fewer, or the seat that played `table` is
    /// close to going out.
    private func isUrgent(_ table: Combination) -> Bool {
        fewestOpponentCards <= 2 || tableOwnerCards <= SmartContext.dangerCards
    }

    /// The legal play that leaves the cheapest plan, with that plan's cost.
    private func breakingPlay(over table: Combination) -> (Combination, Double)? {
        var best: (Combination, Double)?
        for play in view.legalPlays() {
            let cost = planner.plan(view.hand.subtracting(play.cards)).cost
            if best == nil || cost < best!.1 { best = (play, cost) }
        }
        return best
    }
}
