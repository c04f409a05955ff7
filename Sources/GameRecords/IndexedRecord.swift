import Foundation
import LobbyProtocol

/// What the game log's index keeps of a record: enough to place it in `history`, in each
/// player's list and on the leaderboards. The rest of the record stays on disk.
struct IndexedRecord {
    var record: Int
    var kind: TableKind
    var table: Int
    var deal: Int
    var hand: Int?
    /// The hands of an E-Card match (its options' `hands_per_match`).
    var handsPerMatch: Int?
    var players: [String]
    /// The winning seat and each seat's score, when the record has a result.
    var winner: Int?
    var scores: [Int]

    /// The fields of `record`.
    init(_ record: DealRecord) {
        self.record = record.record
        kind = record.kind
        table = record.table
        deal = record.deal
        hand = record.hand
        handsPerMatch = record.ecard?.handsPerMatch
        players = record.players
        winner = record.result?.winner
        scores = record.result?.scores ?? []
    }

    private init(
        record: Int, kind: TableKind, table: Int, deal: Int, hand: Int?, handsPerMatch: Int?,
        players: [String], winner: Int?, scores: [Int]
    ) {
        self.record = record
        self.kind = kind
        self.table = table
        self.deal = deal
        self.hand = hand
        self.handsPerMatch = handsPerMatch
        self.players = players
        self.winner = winner
        self.scores = scores
    }
}

extension IndexedRecord {
    /// The fields of the record on one game log line, read straight from its bytes: the
    /// members the index needs are read, and every other one is only checked to be well-formed
    /// JSON and skipped. Nil when the line is not a JSON object with the members every record
    /// has (`record`, `finished_at`, `table`, `table_name`, `kind`, `deal`, `players`,
    /// `moves`), each of its type.
    ///
    /// A log opened without its checkpoint reads every line this way: decoding a whole record
    /// costs tens of times more, and the moves, most of each line, matter only to `verify`,
    /// which checks every record in full.
    static func read(_ line: UnsafeRawBufferPointer) -> IndexedRecord? {
        var reader = LineReader(line.bindMemory(to: UInt8.self))
        var record: Int?
        var kind: TableKind?
        var table: Int?
        var deal: Int?
        var hand: Int?
        var handsPerMatch: Int?
        var players: [String]?
        var winner: Int?
        var scores: [Int] = []
        var required = 0
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        reader.skipSpace()
        if !reader.take(UInt8(ascii: "}")) {
            repeat {
                reader.skipSpace()
                guard let key = reader.key() else { return nil }
                reader.skipSpace()
                guard reader.take(UInt8(ascii: ":")) else { return nil }
                reader.skipSpace()
                switch key {
                case .record:
                    record = reader.integer()
                    guard record != nil else { return nil }
                    required |= 1
                case .table:
                    table = reader.integer()
                    guard table != nil else { return nil }
                    required |= 2
                case .deal:
                    deal = reader.integer()
                    guard deal != nil else { return nil }
                    required |= 4
                case .kind:
                    guard let raw = reader.string(), let known = TableKind(rawValue: raw) else {
                        return nil
                    }
                    kind = known
                    required |= 8
                case .players:
                    guard let names = reader.strings() else { return nil }
                    players = names
                    required |= 16
                case .finishedAt:
                    guard reader.integer() != nil else { return nil }
                    required |= 32
                case .tableName:
                    guard reader.skipString() else { return nil }
                    required |= 64
                case .moves:
                    guard reader.peek == UInt8(ascii: "["), reader.skipValue() else { return nil }
                    required |= 128
                case .hand:
                    if reader.takeNull() { break }
                    hand = reader.integer()
                    guard hand != nil else { return nil }
                case .ecard:
                    if reader.takeNull() { break }
                    guard let count = reader.member("hands_per_match") else { return nil }
                    handsPerMatch = count
                case .result:
                    if reader.takeNull() { break }
                    guard let outcome = reader.outcome() else { return nil }
                    (winner, scores) = (outcome.winner, outcome.scores)
                case .other:
                    guard reader.skipValue() else { return nil }
                }
                reader.skipSpace()
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")) else { return nil }
        }
        reader.skipSpace()
        guard reader.atEnd, required == 255, let record, let kind, let table, let deal,
            let players
        else { return nil }
        return IndexedRecord(
            record: record, kind: kind, table: table, deal: deal, hand: hand,
            handsPerMatch: handsPerMatch, players: players, winner: winner, scores: scores)
    }
}

/// The members of a record line the index reads.
private enum RecordKey {
    case record, table, deal, kind, players, finishedAt, tableName, moves, hand, ecard, result
    case other
}

/// A cursor over one line's bytes that reads JSON values or checks and skips them.
private struct LineReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            index += 1
        }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    mutating func takeNull() -> Bool { takeWord("null") }

    private mutating func takeWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            return false
        }
        index += count
        return true
    }

    /// The key starting here, by the members the index reads (`other` for the rest).
    mutating func key() -> RecordKey? {
        let start = index
        guard skipString() else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)])
        switch text.count {
        case 4:
            if equals(text, "deal") { return .deal }
            if equals(text, "kind") { return .kind }
            if equals(text, "hand") { return .hand }
        case 5:
            if equals(text, "table") { return .table }
            if equals(text, "moves") { return .moves }
            if equals(text, "ecard") { return .ecard }
        case 6:
            if equals(text, "record") { return .record }
            if equals(text, "result") { return .result }
        case 7:
            if equals(text, "players") { return .players }
        case 10:
            if equals(text, "table_name") { return .tableName }
        case 11:
            if equals(text, "finished_at") { return .finishedAt }
        default:
            break
        }
        return .other
    }

    private func equals(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        text.count == word.utf8CodeUnitCount
            && memcmp(text.baseAddress!, word.utf8Start, text.count) == 0
    }

    /// A whole number (no fraction or exponent) that fits in 18 digits.
    mutating func integer() -> Int? {
        var negative = false
        if peek == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
            if index - start > 18 { return nil }
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if let byte = peek,
            byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        {
            return nil
        }
        return negative ? -value : value
    }

    /// A string as text; one with escapes is unescaped through the string skipper's check and
    /// then decoded (rare in records: names with quotes or backslashes).
    mutating func string() -> String? {
        let start = index
        guard skipString() else { return nil }
        let inner = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)])
        guard inner.contains(UInt8(ascii: "\\")) else {
            return String(decoding: inner, as: UTF8.self)
        }
        return JSONStringUnescaper.unescape(inner)
    }

    /// An array of strings.
    mutating func strings() -> [String]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var values: [String] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return values }
        repeat {
            skipSpace()
            guard let value = string() else { return nil }
            values.append(value)
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? values : nil
    }

    /// An array of whole numbers.
    mutating func integers() -> [Int]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var values: [Int] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return values }
        repeat {
            skipSpace()
            guard let value = integer() else { return nil }
            values.append(value)
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? values : nil
    }

    /// The whole number `name` of the object starting here (nil when the object is not
    /// well-formed or lacks it); the object's other members are checked and skipped.
    mutating func member(_ name: StaticString) -> Int? {
        var found: Int?
        guard
            object({ reader, key in
                guard reader.equals(key, name) else { return reader.skipValue() }
                found = reader.integer()
                return found != nil
            })
        else { return nil }
        return found
    }

    /// A result object's `winner` and `scores` (both required).
    mutating func outcome() -> (winner: Int, scores: [Int])? {
        var winner: Int?
        var scores: [Int]?
        guard
            object({ reader, key in
                if reader.equals(key, "winner") {
                    winner = reader.integer()
                    return winner != nil
                }
                if reader.equals(key, "scores") {
                    scores = reader.integers()
                    return scores != nil
                }
                return reader.skipValue()
            }), let winner, let scores
        else { return nil }
        return (winner, scores)
    }

    /// Reads an object, handing each member's key (its text) to `body` with the cursor at the
    /// value, which `body` reads or skips; false when it is not well formed.
    private mutating func object(
        _ body: (inout LineReader, UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            skipSpace()
            let start = index
            guard skipString() else { return false }
            let key = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)])
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipSpace()
            guard body(&self, key) else { return false }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// Checks and skips one value of any kind.
    mutating func skipValue() -> Bool {
        guard let byte = peek else { return false }
        switch byte {
        case UInt8(ascii: "\""):
            return skipString()
        case UInt8(ascii: "{"):
            return object { reader, _ in reader.skipValue() }
        case UInt8(ascii: "["):
            index += 1
            skipSpace()
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                skipSpace()
                guard skipValue() else { return false }
                skipSpace()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        case UInt8(ascii: "t"): return takeWord("true")
        case UInt8(ascii: "f"): return takeWord("false")
        case UInt8(ascii: "n"): return takeWord("null")
        default: return skipNumber()
        }
    }

    /// Checks and skips a number, as RFC 8259 writes one.
    private mutating func skipNumber() -> Bool {
        _ = take(UInt8(ascii: "-"))
        let start = index
        skipDigits()
        guard index > start, index - start == 1 || bytes[start] != UInt8(ascii: "0") else {
            return false
        }
        if take(UInt8(ascii: ".")) {
            let fraction = index
            skipDigits()
            guard index > fraction else { return false }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            let exponent = index
            skipDigits()
            guard index > exponent else { return false }
        }
        return true
    }

    private mutating func skipDigits() {
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
    }

    /// Checks and skips a string: no raw control character, only JSON's escapes, and UTF-8
    /// that decodes.
    mutating func skipString() -> Bool {
        guard take(UInt8(ascii: "\"")) else { return false }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return true
            }
            if byte < 0x20 { return false }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { return false }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard index + 5 < bytes.count,
                        (2...5).allSatisfy({ Self.isHex(bytes[index + $0]) })
                    else { return false }
                    index += 6
                default:
                    return false
                }
                continue
            }
            if byte < 0x80 {
                index += 1
                continue
            }
            guard let length = Self.utf8Length(bytes, at: index) else { return false }
            index += length
        }
        return false
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or nil.
    private static func utf8Length(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        let lowest: UInt32
        switch lead {
        case 0xC2...0xDF: (length, lowest) = (2, 0x80)
        case 0xE0...0xEF: (length, lowest) = (3, 0x800)
        case 0xF0...0xF4: (length, lowest) = (4, 0x10000)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            return nil
        }
        return length
    }
}

/// Turns the inside of a JSON string with escapes into text (the string was checked first).
private enum JSONStringUnescaper {
    static func unescape(_ inner: UnsafeBufferPointer<UInt8>) -> String? {
        var quoted = [UInt8(ascii: "[")] + [UInt8(ascii: "\"")]
        quoted += inner
        quoted += [UInt8(ascii: "\""), UInt8(ascii: "]")]
        return (try? JSONDecoder().decode([String].self, from: Data(quoted)))?.first
    }
}
