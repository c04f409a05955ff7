import CardGames
import Foundation

/// Turns one received line into a request: a JSON object, or a plain command typed by a person.
public enum RequestParser {
    /// Parses a line (without its newline). Returns nil for a blank line, which is ignored.
    public static func parse(_ line: Data) -> Result<RequestEnvelope, ProtocolFailure>? {
        guard let text = String(validating: line, as: UTF8.self) else {
            return .failure(ProtocolFailure(.notUTF8, "the line is not valid UTF-8"))
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if trimmed.hasPrefix("{") {
            return parseJSON(Data(trimmed.utf8))
        }
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("\"") {
            return .failure(ProtocolFailure(.badJSON, "a request must be a JSON object"))
        }
        return PlainCommand.parse(trimmed).map { RequestEnvelope(id: nil, request: $0) }
    }

    private struct Probe: Decodable {
        let type: String?
    }

    private struct IDProbe: Decodable {
        let id: RequestID?
    }

    /// Parses a JSON object request.
    public static func parseJSON(_ data: Data) -> Result<RequestEnvelope, ProtocolFailure> {
        let decoder = WireCodec.makeDecoder()
        let probe: Probe
        do {
            probe = try decoder.decode(Probe.self, from: data)
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            return .failure(ProtocolFailure(.invalidField, "field 'type' must be a string"))
        } catch {
            return .failure(ProtocolFailure(.badJSON, "the line is not a valid JSON object"))
        }
        let id: RequestID?
        do {
            id = try decoder.decode(IDProbe.self, from: data).id
        } catch {
            return .failure(
                ProtocolFailure(.invalidField, "field 'id' must be a number or a string"))
        }
        guard let type = probe.type else {
            return .failure(ProtocolFailure(.missingField, "missing field 'type'", id: id))
        }
        do {
            let request = try decodeRequest(type: type, data: data, decoder: decoder)
            return .success(RequestEnvelope(id: id, request: request))
        } catch var failure as ProtocolFailure {
            failure.id = id
            return .failure(failure)
        } catch let error as DecodingError {
            var failure = describe(error)
            failure.id = id
            return .failure(failure)
        } catch {
            return .failure(ProtocolFailure(.badJSON, "\(error)", id: id))
        }
    }

    private static func decodeRequest(type: String, data: Data, decoder: JSONDecoder) throws
        -> ClientRequest
    {
        switch type {
        case "hello":
            let body = try decoder.decode(HelloBody.self, from: data)
            return .hello(name: try validName(body.name), token: body.token)
        case "help": return .help
        case "ping": return .ping
        case "list": return .list
        case "leave": return .leave
        case "start": return .start
        case "pass": return .pass
        case "state": return .state
        case "leaderboard": return .leaderboard
        case "again": return .again
        case "restart": return .restart
        case "mark":
            return .mark(cell: try decoder.decode(MarkBody.self, from: data).cell.index)
        case "bet":
            let body = try decoder.decode(BetBody.self, from: data)
            if let bets = body.bets { return .bet(try rouletteStakes(bets)) }
            guard let segment = body.segment, let chips = body.chips else {
                throw ProtocolFailure(
                    .missingField, "missing field 'segment' and 'chips' (or 'bets')")
            }
            return .bet(try rouletteStakes([RouletteStake(segment: segment, chips: chips)]))
        case "flip":
            let body = try decoder.decode(FlipBody.self, from: data)
            return .flip(cards: try memoryCards(body.cards ?? body.card.map { [$0] }))
        case "create":
            return .create(try decoder.decode(CreateTable.self, from: data))
        case "join":
            let body = try decoder.decode(JoinBody.self, from: data)
            return .join(table: body.table, seat: body.seat)
        case "watch":
            return .watch(table: try decoder.decode(WatchBody.self, from: data).table)
        case "play":
            return .play(try decoder.decode(PlayBody.self, from: data).cards.cards)
        case "lay":
            let body = try decoder.decode(LayBody.self, from: data)
            return .lay(try eCardCard(body.card))
        case "chat":
            let body = try decoder.decode(ChatBody.self, from: data)
            return .chat(text: body.text, to: body.to)
        case "history":
            let body = try decoder.decode(HistoryBody.self, from: data)
            return .history(player: body.player, limit: body.limit)
        default:
            throw ProtocolFailure(
                .unknownType, "unknown request type '\(type)' (send {\"type\":\"help\"})")
        }
    }

    /// Checks a display name: 1–24 characters, no control characters, no spaces at the ends.
    public static func validName(_ name: String) throws(ProtocolFailure) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 24,
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw ProtocolFailure(
                .invalidField, "field 'name' must be 1 to 24 printable characters")
        }
        return trimmed
    }

    /// Reads a tic-tac-toe cell: a number 1 to 9 or a name `a1` to `c3`; returns its index.
    public static func ticTacToeCell(_ text: String) throws(ProtocolFailure) -> Int {
        guard let index = TicTacToeCell.index(of: text) else {
            throw ProtocolFailure(
                .invalidField, "field 'cell' must be 1 to 9 or a1 to c3, not '\(text)'")
        }
        return index
    }

    /// Checks a `bet`: one to 36 stakes, each on a segment 1 to 36 with at least one chip
    /// (the table checks its own wheel and limit).
    public static func rouletteStakes(_ stakes: [RouletteStake]) throws(ProtocolFailure)
        -> [RouletteStake]
    {
        guard !stakes.isEmpty else {
            throw ProtocolFailure(.missingField, "missing bets: write bet 5 on 3")
        }
        guard stakes.count <= 36, stakes.allSatisfy({ (1...36).contains($0.segment) }) else {
            throw ProtocolFailure(.invalidField, "field 'segment' must be 1 to 36")
        }
        guard stakes.allSatisfy({ $0.chips >= 1 && $0.chips <= 1_000_000 }) else {
            throw ProtocolFailure(.invalidField, "field 'chips' must be 1 to 1000000")
        }
        return stakes
    }

    /// Checks the cards of a `flip`: one or two card numbers from 1; returns their indices.
    public static func memoryCards(_ numbers: [Int]?) throws(ProtocolFailure) -> [Int] {
        guard let numbers, !numbers.isEmpty else {
            throw ProtocolFailure(.missingField, "missing field 'cards': write flip 3 7")
        }
        guard numbers.count <= 2, numbers.allSatisfy({ (1...52).contains($0) }) else {
            throw ProtocolFailure(
                .invalidField, "field 'cards' must be one or two card numbers from 1 to 52")
        }
        return numbers.map { $0 - 1 }
    }

    /// Reads an E-Card card name: `emperor`, `citizen`, `slave` (or `e`, `c`, `s`).
    public static func eCardCard(_ text: String) throws(ProtocolFailure) -> ECardCard {
        switch text.lowercased() {
        case "emperor", "e": return .emperor
        case "citizen", "c": return .citizen
        case "slave", "s": return .slave
        default:
            throw ProtocolFailure(
                .invalidCard, "'\(text)' is not an E-Card card (emperor, citizen or slave)")
        }
    }

    /// Converts a decoding error into a failure naming the field.
    static func describe(_ error: DecodingError) -> ProtocolFailure {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map(String.init) ?? snakeCase($0.stringValue) }
                .joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return ProtocolFailure(
                .missingField, "missing field '\(path(context.codingPath + [key]))'")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return ProtocolFailure(
                .invalidField, "field '\(path(context.codingPath))' has the wrong type")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return ProtocolFailure(.badJSON, "the line is not a valid JSON object")
            }
            return ProtocolFailure(
                .invalidField,
                "field '\(path(context.codingPath))' is invalid: \(context.debugDescription)")
        @unknown default:
            return ProtocolFailure(.badJSON, "the line could not be read")
        }
    }

    private static func snakeCase(_ key: String) -> String {
        var result = ""
        for character in key {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}

private struct HelloBody: Decodable {
    let name: String
    let token: String?
}

private struct JoinBody: Decodable {
    let table: Int
    let seat: Int?
}

private struct WatchBody: Decodable {
    let table: Int
}

private struct PlayBody: Decodable {
    let cards: CardList
}

private struct LayBody: Decodable {
    let card: String
}

private struct BetBody: Decodable {
    let segment: Int?
    let chips: Int?
    let bets: [RouletteStake]?
}

private struct FlipBody: Decodable {
    let cards: [Int]?
    let card: Int?
}

private struct MarkBody: Decodable {
    let cell: CellValue
}

/// A tic-tac-toe cell given as a number (1 to 9) or as a name (`"b2"`, or `"5"`).
struct CellValue: Decodable {
    let index: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            index = try RequestParser.ticTacToeCell(String(number))
        } else if let name = try? container.decode(String.self) {
            index = try RequestParser.ticTacToeCell(name)
        } else {
            throw ProtocolFailure(.invalidField, "field 'cell' must be 1 to 9 or a1 to c3")
        }
    }
}

private struct ChatBody: Decodable {
    let text: String
    let to: ChatScope?
}

private struct HistoryBody: Decodable {
    let player: String?
    let limit: Int?
}

/// Cards given either as an array of notation strings or as one space-separated string.
struct CardList: Decodable {
    let cards: [Card]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text: String
        if let list = try? container.decode([String].self) {
            text = list.joined(separator: " ")
        } else if let single = try? container.decode(String.self) {
            text = single
        } else {
            throw ProtocolFailure(
                .invalidField, "field 'cards' must be a list of cards such as [\"3D\",\"3C\"]")
        }
        do {
            cards = try Card.parseList(text)
        } catch {
            switch error {
            case .duplicateCard: throw ProtocolFailure(.duplicateCards, error.description)
            default: throw ProtocolFailure(.invalidCard, error.description)
            }
        }
    }
}
