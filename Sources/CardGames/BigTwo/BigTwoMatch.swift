/// A Big Two match: a sequence of deals at one table with running totals.
public struct BigTwoMatch: Sendable, Hashable {
    /// The options every deal of the match is played under.
    public let options: BigTwoOptions
    /// Running total per seat; always sums to zero.
    public private(set) var totals: [Int]
    /// The number of finished deals.
    public private(set) var dealsPlayed = 0

    /// A new match with all totals at zero.
    public init(options: BigTwoOptions = .standard, seats: Int = 4) {
        self.options = options
        totals = Array(repeating: 0, count: seats)
    }

    /// A match resumed between two deals: `dealsPlayed` deals are finished and the totals
    /// stand at `totals`.
    public init(options: BigTwoOptions, totals: [Int], dealsPlayed: Int) {
        self.options = options
        self.totals = totals
        self.dealsPlayed = dealsPlayed
    }

    /// Starts the next deal with the given hands.
    public func startDeal(hands: [CardSet]) -> BigTwoDeal {
        BigTwoDeal(hands: hands, options: options)
    }

    /// Adds a finished deal's scores to the totals.
    public mutating func record(_ result: BigTwoDealResult) {
        precondition(result.scores.count == totals.count, "result has the wrong number of seats")
        for seat in totals.indices { totals[seat] += result.scores[seat] }
        dealsPlayed += 1
    }
}
