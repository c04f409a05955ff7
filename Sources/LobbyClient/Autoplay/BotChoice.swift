import LobbyProtocol

/// The bot levels a client can autoplay with.
public enum BotChoice {
    /// Every level of `BotLevel`.
    public static let levels = Set(WordList.botLevels)
}
