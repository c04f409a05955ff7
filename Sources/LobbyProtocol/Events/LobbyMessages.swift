/// Sent once when a connection opens.
public struct Greeting: Sendable, Codable, Equatable {
    /// Protocol version.
    public var `protocol`: Int
    /// Server name.
    public var server: String
    /// A one-line hint for people.
    public var hint: String

    public init(protocol: Int, server: String, hint: String) {
        self.protocol = `protocol`
        self.server = server
        self.hint = hint
    }
}

/// The reply to `hello`.
public struct Welcome: Sendable, Codable, Equatable {
    /// The name the session uses.
    public var name: String
    /// The secret session token; send it in a later `hello` to resume.
    public var token: String
    /// True when an earlier session was resumed.
    public var resumed: Bool
    /// The table the session sits at (after a resume), if any.
    public var table: Int?
    /// The seat the session holds (after a resume), if any.
    public var seat: Int?

    public init(name: String, token: String, resumed: Bool, table: Int? = nil, seat: Int? = nil) {
        self.name = name
        self.token = token
        self.resumed = resumed
        self.table = table
        self.seat = seat
    }
}

/// The reply to `help`.
public struct HelpReply: Sendable, Codable, Equatable {
    /// One line per plain command.
    public var commands: [String]
    /// Where to read more.
    public var text: String

    public init(commands: [String], text: String) {
        self.commands = commands
        self.text = text
    }
}

/// The reply to `list`: a page of the tables.
public struct TableList: Sendable, Codable, Equatable {
    /// The page's tables, by id.
    public var tables: [TableInfo]
    /// The `cursor` that asks for the next page (the id of this page's last table); absent on
    /// the last page.
    public var nextCursor: Int?

    /// A page of tables.
    public init(tables: [TableInfo], nextCursor: Int? = nil) {
        self.tables = tables
        self.nextCursor = nextCursor
    }
}

/// The reply to `create`, `join` and `watch`, and the notice after `leave`; also broadcast
/// (as `table`) to a table's members when its seats change.
public struct TableNotice: Sendable, Codable, Equatable {
    /// The table as it now is.
    public var table: TableInfo
    /// The seat the receiver holds, if any.
    public var seat: Int?
    /// True when the receiver watches.
    public var spectator: Bool?

    public init(table: TableInfo, seat: Int? = nil, spectator: Bool? = nil) {
        self.table = table
        self.seat = seat
        self.spectator = spectator
    }
}

/// The reply to `leave`.
public struct LeftTable: Sendable, Codable, Equatable {
    /// The table left.
    public var table: Int

    public init(table: Int) { self.table = table }
}

/// A chat line.
public struct ChatMessage: Sendable, Codable, Equatable {
    /// Sender's name.
    public var from: String
    /// The text.
    public var text: String
    /// Lobby or table.
    public var scope: ChatScope
    /// The table, for table chat.
    public var table: Int?

    public init(from: String, text: String, scope: ChatScope, table: Int?) {
        self.from = from
        self.text = text
        self.scope = scope
        self.table = table
    }
}

/// A change of who controls a seat: a bot took over, or the player came back.
public struct SeatControl: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat.
    public var seat: Int
    /// The seat's player (for `left`, the person who left it).
    public var player: String?
    /// True when a bot now plays the seat.
    public var bot: Bool
    /// Why: `disconnected`, `returned`, `timeouts`, `left`, `reserved`, `joined`.
    public var reason: String

    public init(table: Int, seat: Int, player: String?, bot: Bool, reason: String) {
        self.table = table
        self.seat = seat
        self.player = player
        self.bot = bot
        self.reason = reason
    }
}

/// An error reply.
public struct ErrorReply: Sendable, Codable, Equatable {
    /// Stable error code.
    public var code: ErrorCode
    /// Human-readable explanation.
    public var message: String

    /// An error; whatever the message quotes of a request shows its control and format
    /// characters as escapes (``VisibleText/escaped(_:)``), so echoed input cannot act on
    /// the reader's terminal.
    public init(code: ErrorCode, message: String) {
        self.code = code
        self.message = VisibleText.escaped(message)
    }
}

/// Sent to every client when the server stops.
public struct ShutdownNotice: Sendable, Codable, Equatable {
    /// Why.
    public var message: String

    public init(message: String) { self.message = message }
}

/// Sent to a table's members when the server can no longer save results, and when it can
/// again: while it cannot, the table holds the result under way and begins no new game.
public struct StorageNotice: Sendable, Codable, Equatable {
    /// Whether results are saved.
    public enum State: String, Sendable, Codable {
        /// Results are saved again; play resumes.
        case ok
        /// The server cannot save results now (a full disk, say).
        case failing
    }

    /// The table.
    public var table: Int
    /// `failing` or `ok`.
    public var state: State
    /// What it means, in plain words.
    public var message: String

    public init(table: Int, state: State, message: String) {
        self.table = table
        self.state = state
        self.message = message
    }
}

/// An empty payload, for messages with nothing but a type.
public struct EmptyPayload: Sendable, Codable, Equatable {
    public init() {}
}

/// The answer to `who`: every player online, by name, with where they are.
public struct WhoReply: Sendable, Codable, Equatable {
    /// The players, sorted by name.
    public var players: [WhoEntry]

    /// Creates the reply.
    public init(players: [WhoEntry]) { self.players = players }
}

/// One player online and where they are: at a table's seat, watching one, or in the lobby.
public struct WhoEntry: Sendable, Codable, Equatable {
    /// The player's name.
    public var name: String
    /// The table they sit at or watch, if any.
    public var table: Int?
    /// Their seat, when seated.
    public var seat: Int?
    /// True when they watch `table`.
    public var watching: Bool?

    /// Creates an entry.
    public init(name: String, table: Int? = nil, seat: Int? = nil, watching: Bool? = nil) {
        self.name = name
        self.table = table
        self.seat = seat
        self.watching = watching
    }
}
