/// What `SmartBot` knows when it decides one move: its view, the cards out, and its planner.
struct SmartContext {
    let view: BigTwoSeatView
    let planner: HandPlanner
    /// The seat that moves after this one.
    let nextSeat: Int
    /// The fewest cards any opponent holds.
    let fewestOpponentCards: Int
    /// An opponent with this many cards or fewer is close to going out.
    static let dangerCards = 3

    init(view: BigTwoSeatView) {
        self.view = view
        planner = HandPlanner(rules: view.rules, outstanding: OutstandingCards(view: view))
        nextSeat = (view.seat + 1) % view.seatCount
        var fewest = Int.max
        for seat in 0..<view.seatCount where seat != view.seat {
            fewest = min(fewest, view.cardCounts[seat])
        }
        fewestOpponentCards = fewest
    }

    /// The cards held by the seat that played the table (`Int.max` when leading).
    var tableOwnerCards: Int { view.tableSeat.map { view.cardCounts[$0] } ?? Int.max }

    var rules: BigTwoRules { view.rules }
    var options: BigTwoOptions { view.rules.options }

    /// True when nothing still out can beat `combo`: it wins its trick (bombs aside).
    func isUnbeatable(_ combo: Combination) -> Bool {
        planner.outstanding.threats(to: combo) == 0
    }

    /// True when some opponent holds exactly `count` cards.
    func opponentHolds(_ count: Int) -> Bool {
        (0..<view.seatCount).contains { $0 != view.seat && view.cardCounts[$0] == count }
    }

    /// The strongest card in hand, as a single.
    var highestSingle: Combination {
        let card = view.hand.max { options.strength(of: $0) < options.strength(of: $1) }!
        return rules.classify(CardSet([card]))!
    }

    /// Orders combinations from lowest to highest: kind, then strength.
    func isLower(_ a: Combination, _ b: Combination) -> Bool {
        (a.kind.rawValue, a.strength) < (b.kind.rawValue, b.strength)
    }
}
