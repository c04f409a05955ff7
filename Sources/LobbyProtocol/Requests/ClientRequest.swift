import CardGames

/// A request from a client, decoded from a JSON object or from a plain command line.
public enum ClientRequest: Equatable, Sendable {
    /// Start a session with a display name, or resume one with its token.
    case hello(name: String, token: String?)
    /// Ask for the list of requests.
    case help
    /// Ask for a `pong`.
    case ping
    /// A page of the tables, by id.
    case list(ListQuery)
    /// Create a table (and sit at it unless every seat is a bot). Held out of line: its
    /// settings are several times larger than any other request, and every request value is
    /// as large as its largest case.
    indirect case create(CreateTable)
    /// Sit at a table, in a given seat or the first free one.
    case join(table: Int, seat: Int?)
    /// Watch a table as a spectator.
    case watch(table: Int)
    /// Leave the current table (seat or spectator place).
    case leave
    /// Start the game at the current table; empty seats are filled with bots.
    case start
    /// Play Big Two cards.
    case play([Card])
    /// Pass in Big Two.
    case pass
    /// Lay an E-Card card face down.
    case lay(ECardCard)
    /// Tic-tac-toe: mark the cell with this index (0 to 8; `cell` 1 to 9 on the wire).
    case mark(cell: Int)
    /// Tic-tac-toe: start one more round, keeping the score.
    case again
    /// Tic-tac-toe: ask to reset the score; it resets once both seats have asked.
    case restart
    /// Memory: flip these face-down cards, one or two, by index (0-based; `cards` 1-based on
    /// the wire), in order.
    case flip(cards: [Int])
    /// Roulette: the seat's bets for the round, each chips on a segment (from 1).
    case bet([RouletteStake])
    /// Ask for a full snapshot of the current table.
    case state
    /// At your turn, ask for your legal moves (Big Two: plays weakest first).
    case hint
    /// Say something to the table (when at one) or to the lobby.
    case chat(text: String, to: ChatScope?)
    /// A page of recent finished deals, optionally only those of one player.
    case history(HistoryQuery)
    /// A page of one game's per-player totals.
    case leaderboard(LeaderboardQuery)
    /// One finished deal (or E-Card hand, or round) from the game log, every move of it, by
    /// its record number in `history` (from 1): for replays.
    case record(Int)
    /// Switch how this connection's replies and events are written (JSON or text).
    case mode(OutputMode)
    /// Who is online, and at which table.
    case who
    /// Ready for the next deal: ends the pause once every person at the table says so.
    case ready
    /// The server's running totals (connections, traffic, deals, CPU, resident set).
    case stats

    /// The request's `type` string on the wire.
    public var type: String {
        switch self {
        case .hello: "hello"
        case .help: "help"
        case .ping: "ping"
        case .list: "list"
        case .create: "create"
        case .join: "join"
        case .watch: "watch"
        case .leave: "leave"
        case .start: "start"
        case .play: "play"
        case .pass: "pass"
        case .lay: "lay"
        case .mark: "mark"
        case .again: "again"
        case .restart: "restart"
        case .flip: "flip"
        case .bet: "bet"
        case .state: "state"
        case .hint: "hint"
        case .chat: "chat"
        case .history: "history"
        case .leaderboard: "leaderboard"
        case .record: "record"
        case .mode: "mode"
        case .who: "who"
        case .ready: "ready"
        case .stats: "stats"
        }
    }
}

/// Chips on one roulette segment, as a request gives them.
public struct RouletteStake: Sendable, Codable, Equatable {
    /// The segment, from 1.
    public var segment: Int
    /// The chips, at least 1.
    public var chips: Int

    /// Creates a stake.
    public init(segment: Int, chips: Int) {
        self.segment = segment
        self.chips = chips
    }
}

/// Where a chat line goes.
public enum ChatScope: String, Sendable, Codable, Equatable, CaseIterable {
    /// Everyone in the lobby (every connection that said hello).
    case lobby
    /// Everyone at the sender's table, players and spectators.
    case table
}

/// A request with the id the client gave it, if any.
public struct RequestEnvelope: Equatable, Sendable {
    /// The client's id for the request, echoed in replies.
    public let id: RequestID?
    /// The request.
    public let request: ClientRequest

    /// Wraps a request.
    public init(id: RequestID?, request: ClientRequest) {
        self.id = id
        self.request = request
    }
}
