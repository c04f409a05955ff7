/// The strength of a Big Two bot, by the name used in flags, options and the protocol.
public enum BotLevel: String, CaseIterable, Sendable, Codable {
    /// Plays a uniformly random legal move: `RandomBot`.
    case random
    /// Plays the lowest legal combination: `GreedyBot`.
    case greedy
    /// Plans its hand and plays to win: `SmartBot`.
    case smart
    /// Searches sampled deals of the unseen cards with smart play-outs: `ExpertBot`.
    case expert

    /// The level names in order, for messages: "random, greedy, smart or expert".
    public static var spelledOut: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The level names in order, for usage lines: "random|greedy|smart|expert".
    public static var alternatives: String { allCases.map(\.rawValue).joined(separator: "|") }

    /// A new bot of this level. `seed` fixes the bot's random choices (`random` and `expert`
    /// make some), so the same seed and the same views give the same moves; `budget` is the
    /// expert's search budget per decision (other levels do not search).
    public func makeBigTwoBot(seed: UInt64, budget: ExpertBudget = .standard) -> any BigTwoBot {
        switch self {
        case .random: RandomBot(seed: seed)
        case .greedy: GreedyBot()
        case .smart: SmartBot()
        case .expert: ExpertBot(seed: seed, budget: budget)
        }
    }
}
