extension SmartContext {
    /// How much a lead's size lowers its score: leading more cards sheds more at once.
    static let sizePreference = 0.3

    /// The combination to lead with when the seat has the lead.
    func lead(plan: HandPlan) -> Combination {
        if let required = view.requiredCard {
            if options.firstLeadSingle { return rules.classify(CardSet([required]))! }
            return plan.combos.first { $0.cards.contains(required) }!
        }
        let combos = plan.combos
        if combos.count == 1 { return combos[0] }
        let chances = combos.map { planner.winChance(of: $0) }
        let losers = combos.indices.filter { chances[$0] < 1 }
        if losers.count <= 1 {
            let winners = combos.indices.filter { chances[$0] >= 1 }
            if let best = winners.max(by: { combos[$0].kind.size < combos[$1].kind.size }) {
                return combos[best]
            }
        }
        let nextHasOne = view.cardCounts[nextSeat] == 1
        let oneCardOut = opponentHolds(1)
        let twoCardsOut = opponentHolds(2)
        var best: Int?
        var bestScore = Double.infinity
        for index in combos.indices {
            let combo = combos[index]
            let chance = chances[index]
            if chance >= 1 && losers.count > 1 { continue }
            if combo.kind == .single && oneCardOut && chance < 1 { continue }
            if combo.kind == .pair && twoCardsOut && chance < 1 { continue }
            let score = chance - SmartContext.sizePreference * Double(combo.kind.size - 1) / 4
            if score < bestScore || (score == bestScore && isLower(combo, combos[best!])) {
                best = index
                bestScore = score
            }
        }
        if let best {
            let combo = combos[best]
            if combo.kind == .single && nextHasOne { return highestSingle }
            return combo
        }
        if oneCardOut { return highestSingle }
        return combos[combos.indices.min { chances[$0] < chances[$1] }!]
    }
}
