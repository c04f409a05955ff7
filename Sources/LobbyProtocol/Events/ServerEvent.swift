import Foundation
import WireJSON

/// Every message the server sends, each with its wire `type`.
///
/// The few events with large payloads (a table's description, a snapshot, the server's
/// figures) are `indirect`: stored inline they made every event as large as a snapshot
/// (nearly 700 bytes), and every move was copied at that size wherever it was passed on.
public enum ServerEvent: Sendable, Equatable {
    case greeting(Greeting)
    case welcome(Welcome)
    case help(HelpReply)
    case pong
    case tables(TableList)
    indirect case created(TableNotice)
    indirect case joined(TableNotice)
    indirect case watching(TableNotice)
    case left(LeftTable)
    indirect case table(TableNotice)
    case dealStart(DealStart)
    case turn(TurnNotice)
    case timer(TurnTimerNotice)
    case play(PlayNotice)
    case pass(PassNotice)
    case trick(TrickNotice)
    case dealEnd(DealEnd)
    case matchEnd(MatchEnd)
    case readyCheck(ReadyCheck)
    indirect case state(Snapshot)
    case hint(HintReply)
    case ecardHand(ECardHandNotice)
    case ecardTurn(ECardTurnNotice)
    case ecardLaid(ECardLaidNotice)
    case ecardReveal(ECardRevealNotice)
    case tictactoeRound(TicTacToeRoundNotice)
    case tictactoeTurn(TicTacToeTurnNotice)
    case tictactoeMark(TicTacToeMarkNotice)
    case tictactoeResult(TicTacToeResultNotice)
    case tictactoeRestart(TicTacToeRestartNotice)
    case memoryStart(MemoryStartNotice)
    case memoryTurn(MemoryTurnNotice)
    case memoryFlip(MemoryFlipNotice)
    case memoryEnd(MemoryEndNotice)
    case rouletteRound(RouletteRoundNotice)
    case rouletteTurn(RouletteTurnNotice)
    case rouletteBet(RouletteBetNotice)
    case rouletteSpin(RouletteSpinNotice)
    case seat(SeatControl)
    case chat(ChatMessage)
    case history(HistoryReply)
    /// One record of the game log, every field of it (the reply to `record`).
    indirect case record(DealRecord)
    case leaderboard(LeaderboardReply)
    case who(WhoReply)
    case error(ErrorReply)
    case shutdown(ShutdownNotice)
    case storage(StorageNotice)
    case mode(ModeReply)
    indirect case stats(StatsReply)

    /// The `type` string on the wire.
    public var type: String {
        switch self {
        case .greeting: "greeting"
        case .welcome: "welcome"
        case .help: "help"
        case .pong: "pong"
        case .tables: "tables"
        case .created: "created"
        case .joined: "joined"
        case .watching: "watching"
        case .left: "left"
        case .table: "table"
        case .dealStart: "deal_start"
        case .turn: "turn"
        case .timer: "timer"
        case .play: "play"
        case .pass: "pass"
        case .trick: "trick"
        case .dealEnd: "deal_end"
        case .matchEnd: "match_end"
        case .readyCheck: "ready_check"
        case .state: "state"
        case .hint: "hint"
        case .ecardHand: "ecard_hand"
        case .ecardTurn: "ecard_turn"
        case .ecardLaid: "ecard_laid"
        case .ecardReveal: "ecard_reveal"
        case .tictactoeRound: "tictactoe_round"
        case .tictactoeTurn: "tictactoe_turn"
        case .tictactoeMark: "tictactoe_mark"
        case .tictactoeResult: "tictactoe_result"
        case .tictactoeRestart: "tictactoe_restart"
        case .memoryStart: "memory_start"
        case .memoryTurn: "memory_turn"
        case .memoryFlip: "memory_flip"
        case .memoryEnd: "memory_end"
        case .rouletteRound: "roulette_round"
        case .rouletteTurn: "roulette_turn"
        case .rouletteBet: "roulette_bet"
        case .rouletteSpin: "roulette_spin"
        case .seat: "seat"
        case .chat: "chat"
        case .history: "history"
        case .record: "record"
        case .leaderboard: "leaderboard"
        case .who: "who"
        case .error: "error"
        case .shutdown: "shutdown"
        case .storage: "storage"
        case .mode: "mode"
        case .stats: "stats"
        }
    }

    /// Shorthand for an error event.
    public static func error(_ code: ErrorCode, _ message: String) -> ServerEvent {
        .error(ErrorReply(code: code, message: message))
    }

    fileprivate var payload: any Encodable {
        switch self {
        case .greeting(let p): p
        case .welcome(let p): p
        case .help(let p): p
        case .pong: EmptyPayload()
        case .tables(let p): p
        case .created(let p), .joined(let p), .watching(let p), .table(let p): p
        case .left(let p): p
        case .dealStart(let p): p
        case .turn(let p): p
        case .timer(let p): p
        case .play(let p): p
        case .pass(let p): p
        case .trick(let p): p
        case .dealEnd(let p): p
        case .matchEnd(let p): p
        case .readyCheck(let p): p
        case .state(let p): p
        case .hint(let p): p
        case .ecardHand(let p): p
        case .ecardTurn(let p): p
        case .ecardLaid(let p): p
        case .ecardReveal(let p): p
        case .tictactoeRound(let p): p
        case .tictactoeTurn(let p): p
        case .tictactoeMark(let p): p
        case .tictactoeResult(let p): p
        case .tictactoeRestart(let p): p
        case .memoryStart(let p): p
        case .memoryTurn(let p): p
        case .memoryFlip(let p): p
        case .memoryEnd(let p): p
        case .rouletteRound(let p): p
        case .rouletteTurn(let p): p
        case .rouletteBet(let p): p
        case .rouletteSpin(let p): p
        case .seat(let p): p
        case .chat(let p): p
        case .history(let p): p
        case .record(let p): p
        case .leaderboard(let p): p
        case .who(let p): p
        case .error(let p): p
        case .shutdown(let p): p
        case .storage(let p): p
        case .mode(let p): p
        case .stats(let p): p
        }
    }

    fileprivate static func decode(type: String, from decoder: any Decoder) throws -> ServerEvent
    {
        switch type {
        case "greeting": return .greeting(try Greeting(from: decoder))
        case "welcome": return .welcome(try Welcome(from: decoder))
        case "help": return .help(try HelpReply(from: decoder))
        case "pong": return .pong
        case "tables": return .tables(try TableList(from: decoder))
        case "created": return .created(try TableNotice(from: decoder))
        case "joined": return .joined(try TableNotice(from: decoder))
        case "watching": return .watching(try TableNotice(from: decoder))
        case "left": return .left(try LeftTable(from: decoder))
        case "table": return .table(try TableNotice(from: decoder))
        case "deal_start": return .dealStart(try DealStart(from: decoder))
        case "turn": return .turn(try TurnNotice(from: decoder))
        case "timer": return .timer(try TurnTimerNotice(from: decoder))
        case "play": return .play(try PlayNotice(from: decoder))
        case "pass": return .pass(try PassNotice(from: decoder))
        case "trick": return .trick(try TrickNotice(from: decoder))
        case "deal_end": return .dealEnd(try DealEnd(from: decoder))
        case "match_end": return .matchEnd(try MatchEnd(from: decoder))
        case "ready_check": return .readyCheck(try ReadyCheck(from: decoder))
        case "state": return .state(try Snapshot(from: decoder))
        case "hint": return .hint(try HintReply(from: decoder))
        case "ecard_hand": return .ecardHand(try ECardHandNotice(from: decoder))
        case "ecard_turn": return .ecardTurn(try ECardTurnNotice(from: decoder))
        case "ecard_laid": return .ecardLaid(try ECardLaidNotice(from: decoder))
        case "ecard_reveal": return .ecardReveal(try ECardRevealNotice(from: decoder))
        case "tictactoe_round": return .tictactoeRound(try TicTacToeRoundNotice(from: decoder))
        case "tictactoe_turn": return .tictactoeTurn(try TicTacToeTurnNotice(from: decoder))
        case "tictactoe_mark": return .tictactoeMark(try TicTacToeMarkNotice(from: decoder))
        case "tictactoe_result":
            return .tictactoeResult(try TicTacToeResultNotice(from: decoder))
        case "tictactoe_restart":
            return .tictactoeRestart(try TicTacToeRestartNotice(from: decoder))
        case "memory_start": return .memoryStart(try MemoryStartNotice(from: decoder))
        case "memory_turn": return .memoryTurn(try MemoryTurnNotice(from: decoder))
        case "memory_flip": return .memoryFlip(try MemoryFlipNotice(from: decoder))
        case "memory_end": return .memoryEnd(try MemoryEndNotice(from: decoder))
        case "roulette_round": return .rouletteRound(try RouletteRoundNotice(from: decoder))
        case "roulette_turn": return .rouletteTurn(try RouletteTurnNotice(from: decoder))
        case "roulette_bet": return .rouletteBet(try RouletteBetNotice(from: decoder))
        case "roulette_spin": return .rouletteSpin(try RouletteSpinNotice(from: decoder))
        case "seat": return .seat(try SeatControl(from: decoder))
        case "chat": return .chat(try ChatMessage(from: decoder))
        case "history": return .history(try HistoryReply(from: decoder))
        case "record": return .record(try DealRecord(from: decoder))
        case "leaderboard": return .leaderboard(try LeaderboardReply(from: decoder))
        case "who": return .who(try WhoReply(from: decoder))
        case "error": return .error(try ErrorReply(from: decoder))
        case "shutdown": return .shutdown(try ShutdownNotice(from: decoder))
        case "storage": return .storage(try StorageNotice(from: decoder))
        case "mode": return .mode(try ModeReply(from: decoder))
        case "stats": return .stats(try StatsReply(from: decoder))
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "unknown message type '\(type)'"))
        }
    }
}

/// A server message on the wire: the event plus the id of the request it answers, if any.
public struct ServerMessage: Sendable, Equatable, Codable {
    /// The id of the request this message answers; nil for events.
    public var id: RequestID?
    /// The event.
    public var event: ServerEvent

    /// Wraps an event.
    public init(_ event: ServerEvent, id: RequestID? = nil) {
        self.event = event
        self.id = id
    }

    private enum Keys: String, CodingKey { case type, id }

    public func encode(to encoder: any Encoder) throws {
        try event.payload.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(event.type, forKey: .type)
        try container.encodeIfPresent(id, forKey: .id)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decodeIfPresent(RequestID.self, forKey: .id)
        event = try ServerEvent.decode(
            type: try container.decode(String.self, forKey: .type), from: decoder)
    }
}

/// Encodes server messages as JSON lines: the same bytes as `WireCodec.makeEncoder()` would
/// write, produced by `HotEventWriter` for the commonest events and by `WireEncoder` for the
/// rest, without Foundation's encoder.
public struct ServerMessageEncoder: Sendable {
    private let encoder = WireEncoder()

    /// Creates an encoder.
    public init() {}

    /// The message as one JSON line, with the trailing newline.
    public func line(_ message: ServerMessage) -> Data {
        var output = JSONOutput(capacity: 256)
        do {
            if !HotEventWriter.write(message, to: &output) {
                try encoder.encode(message, into: &output)
            }
        } catch {
            output = JSONOutput()
            output.appendRaw(
                #"{"code":"internal_error","message":"encoding failed","type":"error"}"#)
        }
        output.append(0x0A)
        return Data(output.bytes)
    }

    /// The event (with an optional request id) as one JSON line.
    public func line(_ event: ServerEvent, id: RequestID? = nil) -> Data {
        line(ServerMessage(event, id: id))
    }

    /// The line of `event` answering `id`, made from `plain`, the event's line without an id
    /// (as ``line(_:id:)`` wrote it), so that a long reply sent again and again is encoded
    /// once. When every key of the event sorts after `id`, the id is spliced in as the first
    /// key, giving the same bytes as encoding anew; otherwise the event is encoded anew.
    public func line(_ event: @autoclosure () -> ServerEvent, id: RequestID?, from plain: Data)
        -> Data
    {
        guard let id else { return plain }
        let keyStart = plain.index(plain.startIndex, offsetBy: 2, limitedBy: plain.endIndex)
        guard plain.starts(with: Array(#"{""#.utf8)), let keyStart,
            let keyEnd = plain[keyStart...].firstIndex(of: UInt8(ascii: "\"")),
            plain[keyStart..<keyEnd].lexicographicallyPrecedes("id".utf8) == false,
            let idBytes = try? encoder.encode(id)
        else { return line(event(), id: id) }
        var spliced = Data(#"{"id":"#.utf8)
        spliced.append(contentsOf: idBytes)
        spliced.append(UInt8(ascii: ","))
        spliced.append(plain[plain.index(after: plain.startIndex)...])
        return spliced
    }
}

/// Decodes server message lines, for clients.
///
/// A line is read by `JSONReader` and decoded from its values by `JSONValueDecoder`, which
/// costs a fraction of Foundation's decoder; a line longer than the reader takes (a long
/// `tables` or `history` reply) goes through Foundation's decoder instead.
public struct ServerMessageDecoder {
    private let decoder = WireCodec.makeDecoder()
    private let valueDecoder = JSONValueDecoder()
    private let printable: Bool

    /// Creates a decoder. With `printable`, every string of a message has its control,
    /// direction and invisible characters replaced (``TerminalText/printable(_:)``), so that
    /// nothing a server sends can steer the terminal it is shown on.
    public init(printable: Bool = false) {
        self.printable = printable
    }

    /// The longest line a printable decoder reads (the client takes no longer line).
    public static let printableLineLimit = 1 << 20

    /// Decodes one line (with or without its newline).
    public func decode(_ line: Data) throws -> ServerMessage {
        if let hot = HotEventReader.read(line) { return hot }
        if printable {
            let value = try JSONReader.read(line, limit: Self.printableLineLimit)
            return try valueDecoder.decode(ServerMessage.self, from: TerminalText.printable(value))
        }
        guard line.count <= JSONReader.maximumLength else {
            return try decoder.decode(ServerMessage.self, from: line)
        }
        return try valueDecoder.decode(ServerMessage.self, from: try JSONReader.read(line))
    }

    /// Decodes one line of text.
    public func decode(_ line: String) throws -> ServerMessage {
        try decode(Data(line.utf8))
    }
}
