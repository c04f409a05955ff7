import CardGames
import Foundation
import WireJSON

/// Turns one received line into a request: a JSON object, or a plain command typed by a person.
///
/// JSON is read strictly (RFC 8259, see `JSONReader`): anything the grammar does not allow, a
/// number out of range or a repeated key is `bad_json`. Every request, in either form, then
/// passes `ClientRequest.checked()`.
public enum RequestParser {
    /// Parses a line (without its newline). Returns nil for a blank line, which is ignored.
    public static func parse(_ line: Data) -> Result<RequestEnvelope, ProtocolFailure>? {
        let startsWithBrace = line.withUnsafeBytes { raw in
            raw.first { !isJSONSpace($0) } == UInt8(ascii: "{")
        }
        if startsWithBrace {
            return parseJSON(line)
        }
        guard let text = String(validating: line, as: UTF8.self) else {
            return .failure(ProtocolFailure(.notUTF8, "the line is not valid UTF-8"))
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if trimmed.hasPrefix("{") {
            return parseJSON(Data(trimmed.utf8))
        }
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("\"") {
            if case .failure(let error) = Result(catching: { () throws(JSONSyntaxError) in
                try JSONReader.read(Data(trimmed.utf8))
            }) {
                return .failure(ProtocolFailure(.badJSON, "the line is not valid JSON: \(error)"))
            }
            return .failure(ProtocolFailure(.badJSON, "a request must be a JSON object"))
        }
        return PlainCommand.parse(trimmed).map { RequestEnvelope(id: nil, request: $0) }
    }

    /// True when `line` is meant as JSON: its first non-blank character is `{`, `[` or `"`.
    /// Anything else is a plain command.
    public static func looksLikeJSON(_ line: Data) -> Bool {
        guard let first = line.first(where: { !isJSONSpace($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
            || first == UInt8(ascii: "\"")
    }

    private static func isJSONSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Parses a JSON object request. The requests sent with nearly every move are read
    /// straight from their bytes when they are in the form clients write (`HotRequestReader`);
    /// every other line, and every line in error, goes through the general path.
    public static func parseJSON(_ data: Data) -> Result<RequestEnvelope, ProtocolFailure> {
        if let envelope = HotRequestReader.read(data) {
            return .success(envelope)
        }
        return parseJSONTree(data)
    }

    /// Parses a JSON object request by reading it into a tree of values first: the general
    /// path, which takes every line `parseJSON` takes and gives every error.
    static func parseJSONTree(_ data: Data) -> Result<RequestEnvelope, ProtocolFailure> {
        let members: [String: JSONValue]
        do throws(JSONSyntaxError) {
            guard case .object(let object) = try JSONReader.read(data) else {
                return .failure(ProtocolFailure(.badJSON, "a request must be a JSON object"))
            }
            members = object
        } catch {
            if error.reason == .invalidUTF8 || String(validating: data, as: UTF8.self) == nil {
                return .failure(ProtocolFailure(.notUTF8, "the line is not valid UTF-8"))
            }
            return .failure(ProtocolFailure(.badJSON, "the line is not valid JSON: \(error)"))
        }
        let id: RequestID?
        do throws(ProtocolFailure) {
            id = try requestID(members["id"])
        } catch {
            return .failure(error)
        }
        do throws(ProtocolFailure) {
            let type: String
            switch members["type"] {
            case nil, .null?: throw ProtocolFailure(.missingField, "missing field 'type'")
            case .string(let text)?: type = text
            default: throw ProtocolFailure(.invalidField, "field 'type' must be a string")
            }
            let request = try ClientRequest(type: type, fields: members).checked()
            return .success(RequestEnvelope(id: id, request: request))
        } catch {
            var failure = error
            failure.id = id
            return .failure(failure)
        }
    }

    /// The request's `id`: absent, `null`, a whole number or a string.
    private static func requestID(_ value: JSONValue?) throws(ProtocolFailure) -> RequestID? {
        switch value {
        case nil, .null?:
            return nil
        case .string(let text)?:
            return .text(text)
        case .number(let number)?:
            if let whole = number.intValue { return .number(whole) }
        default:
            break
        }
        throw ProtocolFailure(.invalidField, "field 'id' must be a whole number or a string")
    }

    /// A record number as `history` gives it: 1 or more.
    public static func recordNumber(_ number: Int) throws(ProtocolFailure) -> Int {
        guard number >= 1 else {
            throw ProtocolFailure(
                .invalidField, "field 'record' must be a record number from history (1 or more), "
                    + "not \(number)")
        }
        return number
    }

    /// Converts a decoding error into a failure naming the field.
    static func describe(_ error: DecodingError) -> ProtocolFailure {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map(String.init) ?? WireKey.snakeCase($0.stringValue) }
                .joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return ProtocolFailure(
                .missingField, "missing field '\(path(context.codingPath + [key]))'")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return ProtocolFailure(
                .invalidField,
                "field '\(path(context.codingPath))' has the wrong type (\(context.debugDescription))")
        case .dataCorrupted(let context):
            return ProtocolFailure(
                .invalidField,
                "field '\(path(context.codingPath))' is invalid: \(context.debugDescription)")
        @unknown default:
            return ProtocolFailure(.badJSON, "the line could not be read")
        }
    }
}
