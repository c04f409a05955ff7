/// Lays a uniformly random card from its hand.
///
/// With E-Card's symmetric payoffs this happens to be an equilibrium strategy too (see
/// `ECardEquilibrium`); it is kept as the plain baseline for simulations.
public struct ECardRandomBot: ECardBot {
    /// A random bot.
    public init() {}

    /// A card drawn uniformly from the hand; the side's special card if the hand is empty.
    public mutating func chooseCard<G: RandomNumberGenerator>(
        view: ECardSeatView, using rng: inout G
    ) -> ECardCard {
        let cards = view.hand.cards
        guard !cards.isEmpty else { return view.side.specialCard }
        return cards[Int.random(in: 0..<cards.count, using: &rng)]
    }
}
