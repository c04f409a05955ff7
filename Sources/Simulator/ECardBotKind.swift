import CardGames

/// The E-Card bots a simulation can seat, by the name used in flags and reports.
public enum ECardBotKind: String, CaseIterable, Sendable, Codable {
    /// Lays a uniformly random card: `ECardRandomBot`.
    case random
    /// Plays the equilibrium mixed strategy: `ECardMixedBot`.
    case mixed

    /// A new bot of this kind.
    public func makeBot() -> any ECardBot {
        switch self {
        case .random: ECardRandomBot()
        case .mixed: ECardMixedBot()
        }
    }
}
