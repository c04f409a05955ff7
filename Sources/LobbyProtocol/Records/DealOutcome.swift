import CardGames

/// The recorded result of a deal or an E-Card hand.
public struct DealOutcome: Codable, Sendable, Equatable {
    /// The seat that won (went out first in Big Two; won the hand in E-Card).
    public var winner: Int
    /// Score change per seat; sums to zero.
    public var scores: [Int]
    /// Big Two: cards left in each seat's hand.
    public var cardsLeft: [Int]?
    /// Big Two: the penalty each seat owed by the scoring rule.
    public var penalties: [Int]?
    /// Big Two: the seat that paid every penalty under the last-card rule.
    public var liableSeat: Int?
    /// E-Card: the side the winner played.
    public var winningSide: ECardSide?
    /// E-Card: the play (1…5) that decided the hand.
    public var decidingPlay: Int?

    /// The seat recorded as winner when no seat won: a draw, or seats that tie.
    public static let noWinner = -1

    /// Creates an outcome from its parts.
    public init(
        winner: Int, scores: [Int], cardsLeft: [Int]? = nil, penalties: [Int]? = nil,
        liableSeat: Int? = nil, winningSide: ECardSide? = nil, decidingPlay: Int? = nil
    ) {
        self.winner = winner
        self.scores = scores
        self.cardsLeft = cardsLeft
        self.penalties = penalties
        self.liableSeat = liableSeat
        self.winningSide = winningSide
        self.decidingPlay = decidingPlay
    }

    /// The outcome of a finished Big Two deal.
    public init(_ result: BigTwoDealResult) {
        self.init(
            winner: result.winner, scores: result.scores, cardsLeft: result.cardsLeft,
            penalties: result.penalties, liableSeat: result.liableSeat)
    }

    /// The outcome of a decided E-Card hand between two seats.
    public init(_ result: ECardHandResult) {
        var scores = [0, 0]
        scores[result.winner] = result.payout
        scores[result.loser] = -result.payout
        self.init(
            winner: result.winner, scores: scores, winningSide: result.winningSide,
            decidingPlay: result.decidingPlay)
    }
}
