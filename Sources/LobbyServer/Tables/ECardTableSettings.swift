import CardGames

/// The fixed settings of an E-Card table, decided at `create`.
struct ECardTableSettings: Sendable {
    let id: Int
    let name: String
    /// The rules of every match at the table, already validated.
    let options: ECardOptions
    /// The level asked for seats without a player: `random` gets the uniformly random bot,
    /// any other level the equilibrium (mixed-strategy) bot.
    let botLevel: BotLevel
    /// Matches to play; nil for no limit.
    let games: Int?
    /// Seconds per human turn; 0 for no timer.
    let turnSeconds: Int
    /// True when both seats are bots.
    let allBots: Bool

    /// A new bot for a seat without a player (or a player who is away).
    func makeBot() -> any ECardBot {
        botLevel == .random ? ECardRandomBot() : ECardMixedBot()
    }

    /// The bot's name in the game log, after `bot:`.
    var botName: String { botLevel == .random ? "random" : "mixed" }
}
