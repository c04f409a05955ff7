import CardGames

/// The settings every kind of table has, whatever its game.
protocol CommonTableSettings: Sendable {
    /// The table's id.
    var id: Int { get }
    /// The name shown in the table list.
    var name: String { get }
    /// Bot level for seats without a player.
    var botLevel: BotLevel { get }
    /// Deals (Big Two) or matches (E-Card) to play; nil for no limit.
    var games: Int? { get }
    /// Seconds per human turn; 0 for no timer.
    var turnSeconds: Int { get }
    /// True when every seat is a bot.
    var allBots: Bool { get }
}

extension TableSettings: CommonTableSettings {}

extension ECardTableSettings: CommonTableSettings {}
