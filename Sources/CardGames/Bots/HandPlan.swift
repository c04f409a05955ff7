/// One way of playing out a hand: disjoint combinations covering it, and an estimate of the
/// turns they will lose (`HandPlanner.cost(of:)`; a combination that nothing out can beat
/// costs nothing).
struct HandPlan {
    /// The combinations, covering the planned hand exactly.
    var combos: [Combination]
    /// The estimated losing turns: the sum of each combination's cost.
    var cost: Double

    /// The plan after `combo` has been played from it.
    func removing(_ combo: Combination) -> HandPlan {
        var rest = self
        if let index = rest.combos.firstIndex(of: combo) { rest.combos.remove(at: index) }
        return rest
    }
}
