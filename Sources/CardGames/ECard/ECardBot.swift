/// A computer player for E-Card. It decides from the seat's public view only, and is
/// deterministic given its random number generator.
public protocol ECardBot: Sendable {
    /// The card to lay when the view says it is this seat's turn; always a card in
    /// `view.hand` when the hand is not empty.
    mutating func chooseCard<G: RandomNumberGenerator>(
        view: ECardSeatView, using rng: inout G
    ) -> ECardCard
}
