/// The outcome of a finished deal: who won, what each loser pays, and the zero-sum scores.
public struct BigTwoDealResult: Hashable, Sendable {
    /// The seat that went out first.
    public let winner: Int
    /// Cards left in each seat's hand (0 for the winner).
    public let cardsLeft: [Int]
    /// The penalty each seat owes by the scoring rule (0 for the winner).
    public let penalties: [Int]
    /// The seat that pays every loser's penalty under the last-card rule, if any.
    public let liableSeat: Int?
    /// Score change per seat; sums to zero.
    public let scores: [Int]

    /// Computes the result from the cards left, under a scoring rule.
    public init(
        winner: Int, cardsLeft: [Int], scoring: BigTwoOptions.Scoring, liableSeat: Int? = nil
    ) {
        self.winner = winner
        self.cardsLeft = cardsLeft
        self.liableSeat = liableSeat
        let penalties = cardsLeft.map { BigTwoDealResult.penalty(cardsLeft: $0, scoring: scoring) }
        self.penalties = penalties
        let total = penalties.reduce(0, +)
        var scores = penalties.map { -$0 }
        if let liableSeat {
            scores = scores.indices.map { $0 == liableSeat ? -total : 0 }
        }
        scores[winner] = total
        self.scores = scores
    }

    /// The penalty for ending a deal with `cardsLeft` cards.
    public static func penalty(cardsLeft n: Int, scoring: BigTwoOptions.Scoring) -> Int {
        switch scoring {
        case .flat:
            return n
        case .standard:
            if n == 13 { return 3 * n }
            return n >= 10 ? 2 * n : n
        case .hongKong:
            if n == 13 { return 4 * n }
            if n >= 10 { return 3 * n }
            return n >= 8 ? 2 * n : n
        }
    }
}
