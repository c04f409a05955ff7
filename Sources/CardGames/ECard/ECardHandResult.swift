/// The result of a decided hand.
public struct ECardHandResult: Sendable, Hashable, Codable {
    /// The 1-based hand number.
    public let handNumber: Int
    /// The seat that won the hand.
    public let winner: Int
    /// The side the winner played.
    public let winningSide: ECardSide
    /// The points the winner gained and the loser lost.
    public let payout: Int
    /// The play (1…5) that decided the hand.
    public let decidingPlay: Int
    /// Both seats' match totals after this hand.
    public let totals: [Int]

    /// A hand result record.
    public init(
        handNumber: Int, winner: Int, winningSide: ECardSide, payout: Int, decidingPlay: Int,
        totals: [Int]
    ) {
        self.handNumber = handNumber
        self.winner = winner
        self.winningSide = winningSide
        self.payout = payout
        self.decidingPlay = decidingPlay
        self.totals = totals
    }

    /// The seat that lost the hand.
    public var loser: Int { 1 - winner }
}
