/// Plays the lowest legal combination and passes only when it cannot play.
///
/// "Lowest" is the order the rules compare combinations of one size in: first by kind
/// (single < pair < triple, and straight < flush < full house < four of a kind < straight
/// flush), then by strength within the kind. When following, a play of the table's size comes
/// before a bomb of five cards. When leading, a play with more cards comes first (five, then
/// three, two, one), and among plays of that size the lowest. The bot keeps no state and
/// makes no random choice.
public struct GreedyBot: BigTwoBot {
    /// A greedy bot.
    public init() {}

    /// The lowest legal play by the order above, or a pass when there is none.
    public func chooseMove(_ view: BigTwoSeatView) -> BigTwoMove {
        let plays = view.legalPlays()
        let size = view.tablePlay?.kind.size
        var best: Combination?
        var bestKey = (0, 0, 0)
        for play in plays {
            let sizeKey = size.map { play.kind.size == $0 ? 0 : 1 } ?? -play.kind.size
            let key = (sizeKey, play.kind.rawValue, play.strength)
            if best == nil || key < bestKey {
                best = play
                bestKey = key
            }
        }
        return best.map { .play($0.cards) } ?? .pass
    }
}
