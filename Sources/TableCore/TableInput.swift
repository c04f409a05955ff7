import LobbyProtocol

/// What a member asks a table for, as the lobby forwards it.
public enum TableRequest: Sendable, Equatable {
    /// The creator takes seat 0 (`created`).
    case sitCreator(name: String)
    /// The owner of an all-bot table has it start at once (`created`).
    case startAllBots
    /// Take `seat`, or the first free one (`joined`).
    case join(name: String, seat: Int?)
    /// Watch (`watching`).
    case watch(name: String)
    /// Leave the table; `left` is sent when `reply` is true.
    case leave(reply: Bool)
    /// Start the game; bots fill the empty seats.
    case start
    /// A move for the member's seat.
    case move(TableMove)
    /// A `state` snapshot.
    case state
    /// The member's legal moves, at their turn (`hint`).
    case hint
    /// A table chat line, already checked.
    case chat(String)
    /// Ready for the next deal: the pause ends once every person is.
    case ready
    /// The member's connection dropped.
    case disconnected
    /// The member resumed their session on a new connection.
    case returned

    /// True for a move: its answer, when accepted, is the move's game event, which may wait
    /// like the copies other members get (see ``Delivery``).
    public var isMove: Bool {
        if case .move = self { return true }
        return false
    }
}

/// Everything that drives a table core.
public enum TableInput<Game: TableGame>: Sendable {
    /// A session's request, with the id its answer carries.
    case request(SessionID, TableRequest, id: RequestID?)
    /// A timer the core set has run out.
    case timerFired(TableTimer)
    /// A bot's move, computed away from the table.
    case botChose(BotChoice<Game>)
    /// A record the core asked to store is durable (`stored`), or could not be stored (nil).
    case recorded(ticket: Int, stored: DealRecord?)
    /// The table ends (its owner's session ended): members are told and leave.
    case end
    /// The server shuts down: the table stops for good.
    case stop
    /// Whether the server can store results now (see ``StorageCondition``).
    case storage(StorageCondition)
}

/// Whether the server's storage takes what the tables write: the game log's records and the
/// table journal's lines.
public enum StorageCondition: Sendable, Equatable {
    /// Everything written reaches the disk.
    case ok
    /// The storage refuses writes (`reason` in the system's words, such as "No space left on
    /// device"): results are held, and no new deal, hand or round begins until it takes them
    /// again.
    case failing(reason: String)
}

/// A bot decision the core asks for: the seat, the turn it is for, and the bot's task.
public struct BotJob<Game: TableGame>: Sendable {
    /// The turn the decision is for; a decision for an earlier turn is ignored.
    public var ticket: Int
    /// The seat to move.
    public var seat: Int
    /// True when the bot moves for a person who ran out of time.
    public var timedOut: Bool
    /// What the bot needs to decide.
    public var task: Game.BotTask

    /// Runs the bot: the decision to feed back as ``TableInput/botChose(_:)``.
    public func run() -> BotChoice<Game> {
        let (action, bot) = Game.think(task)
        return BotChoice(ticket: ticket, seat: seat, timedOut: timedOut, action: action, bot: bot)
    }
}

/// A bot's decision coming back to the table.
public struct BotChoice<Game: TableGame>: Sendable {
    /// The turn it was made for.
    public var ticket: Int
    /// The seat that moves.
    public var seat: Int
    /// True when it moves for a person who ran out of time.
    public var timedOut: Bool
    /// The move.
    public var action: Game.Action
    /// The bot after choosing (bots may keep state between moves).
    public var bot: Game.Bot
}
