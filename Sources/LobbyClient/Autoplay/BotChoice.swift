import CardGames

/// The bot levels a client can autoplay with.
public enum BotChoice {
    /// Every `BotLevel`, by name.
    public static let levels = Set(BotLevel.allCases.map(\.rawValue))
}
