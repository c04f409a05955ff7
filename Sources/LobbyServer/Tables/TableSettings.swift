import CardGames
import Dispatch

/// The fixed settings of a Big Two table, decided at `create`.
struct TableSettings: Sendable {
    let id: Int
    let name: String
    let options: BigTwoOptions
    /// `standard`, `taiwan` or `custom`.
    let rulesName: String
    /// Bot level for seats without a player.
    let botLevel: BotLevel
    /// Deals to play; nil for no limit.
    let games: Int?
    /// Seconds per human turn; 0 for no timer.
    let turnSeconds: Int
    /// True when every seat is a bot.
    let allBots: Bool
}

/// What a table needs from the server around it.
struct TableContext: Sendable {
    /// Pause before bot moves and between deals.
    let botDelay: DispatchTimeInterval
    let seeds: DealSeedSource
    let logger: Logger
    let recorder: (any DealRecorder)?
    /// Consecutive timed-out turns after which a player counts as away (a bot plays for
    /// them until they act again).
    let timeoutsBeforeAway: Int
    /// Called (on the table's queue) once the table has finished for good.
    let onFinished: @Sendable (any GameTable) -> Void
}
