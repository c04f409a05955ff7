/// The bot levels a client can autoplay with.
public enum BotChoice {
    /// `random`, `greedy` and `smart`.
    public static let levels: Set<String> = ["random", "greedy", "smart"]
}
