import CardGames
import WireJSON

/// The JSON form of requests, both ways: `encode(to:)` writes what clients send and
/// `init(type:fields:)` reads it on the server, with the same field names (`Field`).
extension ClientRequest: Encodable {
    /// The request fields on the wire (the fields of `create` are those of `CreateTable`).
    public enum Field: String, CodingKey, Sendable {
        case type, id, name, token, table, seat, cards, card, text, to, player, limit, mode, ascii
        case cell, segment, chips, bets, cursor, kind, record
    }

    /// Writes `type` and the request's fields.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .create(let create): try create.encode(to: encoder)
        case .history(let query): try query.encode(to: encoder)
        case .leaderboard(let query): try query.encode(to: encoder)
        case .list(let query): try query.encode(to: encoder)
        default: break
        }
        var container = encoder.container(keyedBy: Field.self)
        try container.encode(type, forKey: .type)
        switch self {
        case .hello(let name, let token):
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(token, forKey: .token)
        case .join(let table, let seat):
            try container.encode(table, forKey: .table)
            try container.encodeIfPresent(seat, forKey: .seat)
        case .watch(let table):
            try container.encode(table, forKey: .table)
        case .play(let cards):
            try container.encode(cards.map(\.notation), forKey: .cards)
        case .lay(let card):
            try container.encode(card.rawValue, forKey: .card)
        case .chat(let text, let scope):
            try container.encode(text, forKey: .text)
            try container.encodeIfPresent(scope, forKey: .to)
        case .mode(let mode):
            try container.encode(mode.name, forKey: .mode)
            if mode == .text(ascii: true) { try container.encode(true, forKey: .ascii) }
        case .mark(let cell):
            try container.encode(cell + 1, forKey: .cell)
        case .flip(let cards):
            try container.encode(cards.map { $0 + 1 }, forKey: .cards)
        case .bet(let stakes):
            try container.encode(stakes, forKey: .bets)
        case .record(let number):
            try container.encode(number, forKey: .record)
        case .help, .ping, .list, .create, .leave, .start, .pass, .state, .hint, .history,
            .leaderboard, .who, .ready, .stats, .again, .restart:
            break
        }
    }

    /// Reads the request of the given `type` from a JSON object's members. The common game
    /// requests (`play`, `pass`, `lay`, `ping`, `state`) are read straight from the members;
    /// `create` goes through `JSONValueDecoder`. Text is not yet checked (`checked()` does).
    init(type: String, fields members: [String: JSONValue]) throws(ProtocolFailure) {
        let fields = RequestFields(members: members)
        switch type {
        case "play": self = .play(try RequestCards.read(fields.required(.cards)))
        case "pass": self = .pass
        case "ping": self = .ping
        case "state": self = .state
        case "hint": self = .hint
        case "lay": self = .lay(try RequestParser.eCardCard(fields.string(.card)))
        case "hello":
            self = .hello(name: try fields.string(.name), token: try fields.optionalString(.token))
        case "help": self = .help
        case "list":
            self = .list(try fields.page(ListQuery()))
        case "leave": self = .leave
        case "start": self = .start
        case "leaderboard":
            let kind: TableKind? = try fields.optionalWord(.kind)
            self = .leaderboard(try fields.page(LeaderboardQuery(kind: kind)))
        case "who": self = .who
        case "record": self = .record(try RequestParser.recordNumber(fields.int(.record)))
        case "ready": self = .ready
        case "stats": self = .stats
        case "join":
            self = .join(table: try fields.int(.table), seat: try fields.optionalInt(.seat))
        case "watch": self = .watch(table: try fields.int(.table))
        case "chat":
            self = .chat(text: try fields.string(.text), to: try fields.optionalWord(.to))
        case "history":
            let player = try fields.optionalString(.player)
            self = .history(try fields.page(HistoryQuery(player: player)))
        case "mode":
            let name = try fields.string(.mode)
            let ascii: Bool
            switch fields.value(.ascii) {
            case nil: ascii = false
            case .bool(let flag)?: ascii = flag
            default: throw ProtocolFailure(.invalidField, "field 'ascii' must be true or false")
            }
            guard let mode = OutputMode(name: name, ascii: ascii) else {
                throw ProtocolFailure(.invalidField, "field 'mode' must be json or text")
            }
            self = .mode(mode)
        case "create":
            self = .create(try Self.decodeBody(members, what: "create"))
        default:
            if let request = try Self.smallGame(type: type, fields: fields) {
                self = request
                return
            }
            throw ProtocolFailure(
                .unknownType, "unknown request type '\(type)' (send {\"type\":\"help\"})")
        }
    }
}

extension ClientRequest {
    /// Decodes a request body whose fields a Codable type declares (`create`), naming the
    /// field at fault.
    fileprivate static func decodeBody<Body: Decodable>(
        _ members: [String: JSONValue], what: String
    ) throws(ProtocolFailure) -> Body {
        do {
            return try JSONValueDecoder().decode(Body.self, from: .object(members))
        } catch let failure as ProtocolFailure {
            throw failure
        } catch let error as DecodingError {
            throw RequestParser.describe(error)
        } catch {
            throw ProtocolFailure(.invalidField, "the \(what) request could not be read")
        }
    }
}

/// Typed access to a request's fields, with errors that name the field. `null` counts as
/// absent.
struct RequestFields {
    let members: [String: JSONValue]

    func value(_ field: ClientRequest.Field) -> JSONValue? {
        guard let value = members[field.rawValue], value != .null else { return nil }
        return value
    }

    func required(_ field: ClientRequest.Field) throws(ProtocolFailure) -> JSONValue {
        guard let value = value(field) else {
            throw ProtocolFailure(.missingField, "missing field '\(field.rawValue)'")
        }
        return value
    }

    func string(_ field: ClientRequest.Field) throws(ProtocolFailure) -> String {
        guard case .string(let text) = try required(field) else {
            throw ProtocolFailure(.invalidField, "field '\(field.rawValue)' must be a string")
        }
        return text
    }

    func optionalString(_ field: ClientRequest.Field) throws(ProtocolFailure) -> String? {
        guard value(field) != nil else { return nil }
        return try string(field)
    }

    func int(_ field: ClientRequest.Field) throws(ProtocolFailure) -> Int {
        let value = try required(field)
        guard case .number(let number) = value else {
            throw ProtocolFailure(
                .invalidField, "field '\(field.rawValue)' must be a number, not \(value.kindName)")
        }
        guard let integer = number.intValue else {
            throw ProtocolFailure(
                .invalidField, "field '\(field.rawValue)' must be a whole number, not \(number)")
        }
        return integer
    }

    func intList(_ field: ClientRequest.Field) throws(ProtocolFailure) -> [Int] {
        guard case .array(let items) = try required(field) else {
            throw ProtocolFailure(.invalidField, "field '\(field.rawValue)' must be a list of numbers")
        }
        var numbers: [Int] = []
        for item in items {
            guard case .number(let number) = item, let whole = number.intValue else {
                throw ProtocolFailure(
                    .invalidField, "field '\(field.rawValue)' must be a list of whole numbers")
            }
            numbers.append(whole)
        }
        return numbers
    }

    func optionalInt(_ field: ClientRequest.Field) throws(ProtocolFailure) -> Int? {
        guard value(field) != nil else { return nil }
        return try int(field)
    }

    /// `query` with the request's `limit` and `cursor`, checked as every paged list checks
    /// them.
    func page<Query: PageQuery>(_ query: Query) throws(ProtocolFailure) -> Query {
        var query = query
        query.limit = try optionalInt(.limit)
        query.cursor = try optionalInt(.cursor)
        return try query.checkedPage()
    }

    func optionalWord<Word: RawRepresentable & CaseIterable>(_ field: ClientRequest.Field)
        throws(ProtocolFailure) -> Word? where Word.RawValue == String
    {
        guard value(field) != nil else { return nil }
        let text = try string(field)
        guard let word = Word(rawValue: text) else {
            throw ProtocolFailure(
                .invalidField,
                "field '\(field.rawValue)' must be "
                    + WordList.oneOf(Word.allCases.map(\.rawValue)) + ", not '\(text)'")
        }
        return word
    }
}

extension RequestEnvelope: Encodable {
    /// Writes the request's fields and its `id`, if any.
    public func encode(to encoder: any Encoder) throws {
        try request.encode(to: encoder)
        var container = encoder.container(keyedBy: ClientRequest.Field.self)
        try container.encodeIfPresent(id, forKey: .id)
    }
}

/// Encodes requests as JSON lines in the wire form `RequestParser` reads, for clients.
public struct RequestLineEncoder: Sendable {
    private let encoder = WireEncoder()

    /// Creates an encoder.
    public init() {}

    /// The request with its id as one JSON line, with the trailing newline.
    public func line(_ request: ClientRequest, id: RequestID?) -> [UInt8] {
        var output = JSONOutput(capacity: 128)
        try? encoder.encode(RequestEnvelope(id: id, request: request), into: &output)
        output.append(0x0A)
        return output.bytes
    }
}
