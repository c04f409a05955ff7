/// The timers a table core sets and cancels by name; setting a timer again moves its deadline.
public enum TableTimer: Hashable, Sendable {
    /// The person to act runs out of time.
    case turn
    /// The person to act has ``TableCore/warningSeconds`` left.
    case warning
    /// A bot's pause before it moves.
    case bot
    /// The pause before the next deal or match.
    case nextGame
    /// A dropped person has not come back: the bot keeps their seat for good.
    case release(SessionID)
}
