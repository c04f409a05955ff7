/// The strength of a Big Two bot, by the name used in flags, options and the protocol.
public enum BotLevel: String, CaseIterable, Sendable, Codable {
    /// Plays a uniformly random legal move: `RandomBot`.
    case random
    /// Plays the lowest legal combination: `GreedyBot`.
    case greedy
    /// Plans its hand and plays to win: `SmartBot`.
    case smart

    /// A new bot of this level. `seed` fixes the bot's random choices (only `random` makes
    /// any), so the same seed and the same views give the same moves.
    public func makeBigTwoBot(seed: UInt64) -> any BigTwoBot {
        switch self {
        case .random: RandomBot(seed: seed)
        case .greedy: GreedyBot()
        case .smart: SmartBot()
        }
    }
}
