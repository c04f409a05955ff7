import CardGames

/// The settings every kind of table has, whatever its game, decided at `create`, and the
/// server's pacing.
public struct TableSetup: Sendable, Equatable {
    /// The table's id.
    public var id: Int
    /// The name shown in the table list.
    public var name: String
    /// Bot level for seats without a person.
    public var botLevel: BotLevel
    /// Deals (Big Two) or matches (E-Card) to play; nil for no limit.
    public var games: Int?
    /// Seconds per turn of a person; 0 for no timer.
    public var turnSeconds: Int
    /// Seconds per turn once a person sits at a table created with bots only.
    public var personTurnSeconds: Int
    /// True when every seat was a bot at creation.
    public var allBots: Bool
    /// Pause before each bot move and between deals.
    public var botDelay: Milliseconds
    /// Timed-out turns in a row after which a person counts as away.
    public var timeoutsBeforeAway: Int
    /// How long a dropped person's seat is kept for them.
    public var reconnect: Milliseconds
    /// The pause between deals (Big Two) or matches (E-Card) at a table with people, unless
    /// every person says they are ready sooner.
    public var pause: Milliseconds
    /// How long a dropped person's seat is kept at a table that has not started: shorter
    /// than ``reconnect``, so that a table its creator made and left ends soon instead of
    /// holding a place in the table limit for the whole reconnect time.
    public var waitingReconnect: Milliseconds
    /// Watchers the table takes at once; nil for no limit.
    public var maxWatchers: Int?
    /// The chat lines the table takes from all its members together.
    public var chatRate: ChatRate

    /// Creates the settings.
    public init(
        id: Int, name: String, botLevel: BotLevel = .smart, games: Int? = nil,
        turnSeconds: Int = 60, personTurnSeconds: Int = 60, allBots: Bool = false,
        botDelay: Milliseconds = 0, timeoutsBeforeAway: Int = 2, reconnect: Milliseconds = 300_000,
        pause: Milliseconds = 0, waitingReconnect: Milliseconds? = nil, maxWatchers: Int? = nil,
        chatRate: ChatRate = .unlimited
    ) {
        self.pause = pause
        self.waitingReconnect = min(waitingReconnect ?? reconnect, reconnect)
        self.maxWatchers = maxWatchers
        self.chatRate = chatRate
        self.id = id
        self.name = name
        self.botLevel = botLevel
        self.games = games
        self.turnSeconds = turnSeconds
        self.personTurnSeconds = personTurnSeconds
        self.allBots = allBots
        self.botDelay = botDelay
        self.timeoutsBeforeAway = timeoutsBeforeAway
        self.reconnect = reconnect
    }
}
