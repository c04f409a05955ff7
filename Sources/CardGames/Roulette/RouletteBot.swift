/// A roulette bot: bets chips at random within the table's limit. It is deterministic given
/// its random number generator.
public struct RouletteBot: Sendable, Hashable {
    /// The most bets the bot places in one round.
    public static let maximumBets = 3
    /// The most chips the bot puts on one bet.
    public static let maximumChips = 10

    /// A bot.
    public init() {}

    /// One to ``maximumBets`` bets of one to ``maximumChips`` chips each on random segments,
    /// never more than `remaining` chips in all; none when nothing remains.
    public func chooseBets(
        segments: Int, remaining: Int, using rng: inout Xoshiro256StarStar
    ) -> [(segment: Int, chips: Int)] {
        var left = remaining
        var bets: [(segment: Int, chips: Int)] = []
        let count = Int(rng.nextBounded(UInt64(Self.maximumBets))) + 1
        for _ in 0..<count where left > 0 {
            let segment = Int(rng.nextBounded(UInt64(segments))) + 1
            let chips = Int(rng.nextBounded(UInt64(min(left, Self.maximumChips)))) + 1
            bets.append((segment, chips))
            left -= chips
        }
        return bets
    }
}
