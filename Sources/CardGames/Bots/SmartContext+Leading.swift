extension SmartContext {
    /// With this many singles that can be beaten, the lowest of them is led before any larger
    /// combination. Singles are the hardest combinations to shed, and a trick of singles sheds
    /// more of them as it goes round. With fewer singles, leading them first lost more deals
    /// than it won in simulation.
    static let singlesFirst = 4

    /// The combination to lead with when the seat has the lead.
    ///
    /// The first lead is the planned combination holding the required card. With at most one
    /// combination that can be beaten, unbeatable ones go first (largest first) and the last
    /// one goes out. Otherwise the largest combination that can be beaten is led, lowest first,
    /// keeping unbeatable ones back; with `singlesFirst` beatable singles or more, the lowest
    /// single goes first instead. Singles are avoided while an opponent holds one card and pairs while one holds
    /// two, and a single is the highest card when the next seat holds one.
    func lead(plan: HandPlan) -> Combination {
        if let required = view.requiredCard {
            if options.firstLeadSingle { return rules.classify(CardSet([required]))! }
            return plan.combos.first { $0.cards.contains(required) }!
        }
        let combos = plan.combos
        if combos.count == 1 { return combos[0] }
        let unbeatable = combos.map(isUnbeatable)
        let beatable = combos.indices.filter { !unbeatable[$0] }
        if beatable.count <= 1 {
            let sure = combos.indices.filter { unbeatable[$0] }
            if let best = sure.max(by: { combos[$0].kind.size < combos[$1].kind.size }) {
                return combos[best]
            }
        }
        let oneCardOut = opponentHolds(1)
        let twoCardsOut = opponentHolds(2)
        let candidates = beatable.map { combos[$0] }.filter { combo in
            !(combo.kind == .single && oneCardOut) && !(combo.kind == .pair && twoCardsOut)
        }
        let singles = candidates.filter { $0.kind == .single }
        let leadSingle = singles.count >= SmartContext.singlesFirst
        let best =
            leadSingle
            ? singles.min(by: isLower)
            : candidates.min { a, b in
                a.kind.size != b.kind.size ? a.kind.size > b.kind.size : isLower(a, b)
            }
        if let best {
            let nextHasOne = view.cardCounts[nextSeat] == 1
            return best.kind == .single && nextHasOne ? highestSingle : best
        }
        if oneCardOut { return highestSingle }
        return beatable.map { combos[$0] }.min(by: isLower) ?? combos[0]
    }
}
