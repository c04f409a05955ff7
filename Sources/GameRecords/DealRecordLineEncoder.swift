import CardGames
import Foundation
import LobbyProtocol
import WireJSON

/// Writes ``DealRecord``s as game log lines byte for byte as ``WireCodec``'s encoder would
/// (sorted snake_case keys, absent optionals left out), several times faster: the game log
/// writes every record this way. Options objects, and strings that need escaping, go through
/// the wire encoder itself (options once per distinct value). Not thread-safe.
public final class DealRecordLineEncoder {
    private let encoder = WireCodec.makeEncoder()
    private var bigTwoOptions: [BigTwoOptions: [UInt8]] = [:]
    private var eCardOptions: [ECardOptions: [UInt8]] = [:]

    /// An encoder.
    public init() {}

    /// The record's JSON, without a newline.
    public func encode(_ record: DealRecord) throws -> [UInt8] {
        var json = JSONObjectBytes(capacity: 256 + record.moves.count * 28)
        if let abandoned = record.abandoned {
            json.member("abandoned")
            json.append(abandoned ? "true" : "false")
        }
        if let commitment = record.commitment { string("commitment", commitment, into: &json) }
        json.member("deal")
        json.append(record.deal)
        if let ecard = record.ecard {
            json.member("ecard")
            json.bytes += try cached(ecard)
        }
        json.member("finished_at")
        json.append(Int(record.finishedAt))
        if let hand = record.hand {
            json.member("hand")
            json.append(hand)
        }
        string("kind", record.kind.rawValue, into: &json)
        json.member("moves")
        json.bytes.append(UInt8(ascii: "["))
        for (index, move) in record.moves.enumerated() {
            if index > 0 { json.bytes.append(UInt8(ascii: ",")) }
            var inner = JSONObjectBytes(capacity: 32)
            string("cards", move.cards, into: &inner)
            inner.member("seat")
            inner.append(move.seat)
            json.bytes += inner.finished()
        }
        json.bytes.append(UInt8(ascii: "]"))
        if let options = record.options {
            json.member("options")
            json.bytes += try cached(options)
        }
        if let pairs = record.pairs {
            json.member("pairs")
            json.append(pairs)
        }
        json.member("players")
        json.bytes.append(UInt8(ascii: "["))
        for (index, name) in record.players.enumerated() {
            if index > 0 { json.bytes.append(UInt8(ascii: ",")) }
            appendString(name, to: &json.bytes)
        }
        json.bytes.append(UInt8(ascii: "]"))
        json.member("record")
        json.append(record.record)
        if let result = record.result {
            json.member("result")
            json.bytes += outcome(result)
        }
        if let rules = record.rules { string("rules", rules, into: &json) }
        if let seed = record.seed { string("seed", seed, into: &json) }
        if let segments = record.segments {
            json.member("segments")
            json.append(segments)
        }
        json.member("table")
        json.append(record.table)
        string("table_name", record.tableName, into: &json)
        return json.finished()
    }

    private func outcome(_ result: DealOutcome) -> [UInt8] {
        var json = JSONObjectBytes(capacity: 96)
        if let cardsLeft = result.cardsLeft { ints("cards_left", cardsLeft, into: &json) }
        if let play = result.decidingPlay {
            json.member("deciding_play")
            json.append(play)
        }
        if let liable = result.liableSeat {
            json.member("liable_seat")
            json.append(liable)
        }
        if let penalties = result.penalties { ints("penalties", penalties, into: &json) }
        ints("scores", result.scores, into: &json)
        json.member("winner")
        json.append(result.winner)
        if let side = result.winningSide { string("winning_side", side.rawValue, into: &json) }
        return json.finished()
    }

    private func string(_ key: StaticString, _ value: String, into json: inout JSONObjectBytes) {
        json.member(key)
        appendString(value, to: &json.bytes)
    }

    private func ints(_ key: StaticString, _ values: [Int], into json: inout JSONObjectBytes) {
        json.member(key)
        json.bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { json.bytes.append(UInt8(ascii: ",")) }
            json.append(value)
        }
        json.bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `text` as a JSON string; text that needs escaping is escaped by the encoder.
    private func appendString(_ text: String, to bytes: inout [UInt8]) {
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
        if plain {
            bytes.append(UInt8(ascii: "\""))
            bytes += text.utf8
            bytes.append(UInt8(ascii: "\""))
        } else {
            let escaped = (try? encoder.encode([text])) ?? Data("[\"\"]".utf8)
            bytes += escaped.dropFirst().dropLast()
        }
    }

    private func cached(_ options: BigTwoOptions) throws -> [UInt8] {
        if let bytes = bigTwoOptions[options] { return bytes }
        let bytes = Array(try encoder.encode(options))
        bigTwoOptions[options] = bytes
        return bytes
    }

    private func cached(_ options: ECardOptions) throws -> [UInt8] {
        if let bytes = eCardOptions[options] { return bytes }
        let bytes = Array(try encoder.encode(options))
        eCardOptions[options] = bytes
        return bytes
    }
}

/// The bytes of one JSON object being written member by member (keys in the caller's order).
private struct JSONObjectBytes {
    var bytes: [UInt8]
    private var empty = true

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Starts a member: a comma when needed, then `"key":`.
    mutating func member(_ key: StaticString) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes += $0 }
        bytes += [UInt8(ascii: "\""), UInt8(ascii: ":")]
    }

    mutating func append(_ value: Int) { bytes += String(value).utf8 }

    mutating func append(_ literal: StaticString) { literal.withUTF8Buffer { bytes += $0 } }

    func finished() -> [UInt8] { bytes + [UInt8(ascii: "}")] }
}
