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
    /// Searches like the expert with a budget many times larger and play-outs that use the
    /// smart bot's end-game search (`ExpertBudget.master`): sized to fit inside the delay a
    /// bot waits at a table with people, not for soak speed.
    case master

    /// The level names in order, for messages: "random, greedy, smart or expert".
    public static var spelledOut: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The level names in order, for usage lines: "random|greedy|smart|expert".
    public static var alternatives: String { allCases.map(\.rawValue).joined(separator: "|") }

    /// The search budget per decision of a level that searches (`expert` and `master`); nil
    /// for the others.
    public var budget: ExpertBudget? {
        switch self {
        case .random, .greedy, .smart: nil
        case .expert: .standard
        case .master: .master
        }
    }

    /// A new bot of this level. `seed` fixes the bot's random choices (`random`, `expert` and
    /// `master` make some), so the same seed and the same views give the same moves; `budget`
    /// replaces a searching level's own budget per decision (other levels do not search).
    public func makeBigTwoBot(seed: UInt64, budget: ExpertBudget? = nil) -> any BigTwoBot {
        switch self {
        case .random: RandomBot(seed: seed)
        case .greedy: GreedyBot()
        case .smart: SmartBot()
        case .expert, .master: ExpertBot(seed: seed, budget: budget ?? self.budget!)
        }
    }
}
