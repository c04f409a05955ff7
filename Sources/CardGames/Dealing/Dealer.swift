/// Deals a 52-card deck from a ``DealSeed``, exactly as docs/verify.md specifies,
/// and checks a revealed deal.
public enum Dealer {
    /// The deck in index order (3D 3C 3H 3S 4D … 2S) shuffled by ``fisherYatesShuffle(_:using:)``
    /// with a ``Xoshiro256StarStar`` made from `seed`.
    public static func shuffledDeck(seed: DealSeed) -> [Card] {
        var deck = Card.deck
        var generator = Xoshiro256StarStar(dealSeed: seed)
        fisherYatesShuffle(&deck, using: &generator)
        return deck
    }

    /// The hands of a deal: the shuffled deck dealt one card at a time, position `k` going to
    /// seat `k mod seats`. With four seats each hand holds 13 cards; when `seats` does not
    /// divide 52 the lower seats hold one card more.
    ///
    /// - Precondition: `seats` is in `1...52`.
    public static func deal(seed: DealSeed, seats: Int = 4) -> [CardSet] {
        precondition((1...52).contains(seats), "a deal needs between 1 and 52 seats")
        var hands = [CardSet](repeating: CardSet(), count: seats)
        for (position, card) in shuffledDeck(seed: seed).enumerated() {
            hands[position % seats].insert(card)
        }
        return hands
    }

    /// Checks a revealed seed: its commitment must equal `commitment` (hex, either case) and
    /// re-dealing for `seats` seats must give exactly `hands[i]` to seat `i` for every hand
    /// given. Fewer hands than seats checks only those seats; a hand that is a subset or a
    /// superset of the dealt one, or a hand for a seat beyond `seats`, is a mismatch.
    public static func verify(
        seed: DealSeed, commitment: String, hands: [CardSet], seats: Int = 4
    ) -> DealVerification {
        guard seed.commitment == commitment.lowercased() else { return .commitmentMismatch }
        let dealt = deal(seed: seed, seats: seats)
        for (seat, hand) in hands.enumerated() where seat >= dealt.count || dealt[seat] != hand {
            return .handMismatch(seat: seat)
        }
        return .valid
    }
}
