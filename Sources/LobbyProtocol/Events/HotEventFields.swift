import CardGames
import WireJSON

/// The members of a hot event's line, read in place and in order: each accessor reads the
/// next member when it has the key asked for (and a value of the right kind), and marks the
/// read failed when a required one does not. Nothing is built on the way but the values
/// asked for.
///
/// Only the narrow form the server writes is taken: no spaces, no escapes, only printable
/// ASCII in strings, integers without fraction or exponent, canonical card notation. The
/// `type` member is stepped over where it stands, which must be where sorted keys put it.
struct HotEventFields {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The start of the next member's key, or the closing brace.
    private var index = 1
    private var failed = false
    private var typeSeen = false
    /// True after a comma: another member must follow.
    private var memberDue = false
    /// The event type, from the line's `type` member.
    let type: String

    /// The fields of `line`; nil when it is not an object ending in the `type` member (or
    /// with `winner` after it) in the written form.
    init?(_ line: UnsafeBufferPointer<UInt8>) {
        var end = line.count
        if end > 0 && line[end - 1] == 0x0A { end -= 1 }
        guard end >= 2, line[0] == UInt8(ascii: "{"), line[end - 1] == UInt8(ascii: "}") else {
            return nil
        }
        guard let type = Self.type(in: UnsafeBufferPointer(rebasing: line[..<end])) else {
            return nil
        }
        bytes = UnsafeBufferPointer(rebasing: line[..<end])
        self.type = type
    }

    /// The value of the `"type":"…"` member nearest the end: the last member, or the one
    /// before a last `winner`. Its place is checked again as the members are read.
    private static func type(in line: UnsafeBufferPointer<UInt8>) -> String? {
        let pattern: StaticString = #""type":""#
        let count = pattern.utf8CodeUnitCount
        var start = line.count - count
        while start > 0 {
            if line[start] == UInt8(ascii: "\""), matches(pattern, in: line, at: start) {
                var close = start + count
                while close < line.count, line[close] != UInt8(ascii: "\"") { close += 1 }
                guard close < line.count else { return nil }
                return ascii(line, from: start + count, to: close)
            }
            start -= 1
        }
        return nil
    }

    /// True when every member was read, the type among them, and none was missing or of the
    /// wrong kind.
    mutating func isComplete() -> Bool {
        stepOverType()
        return !failed && typeSeen && !memberDue && index == bytes.count - 1
    }

    /// Steps over the type member when it is next: it must follow every key before `type`
    /// and precede every key after it.
    private mutating func stepOverType() {
        guard !typeSeen, Self.matches(#""type":""#, in: bytes, at: index) else { return }
        typeSeen = true
        index += 8
        for byte in type.utf8 {
            guard consume(byte) else {
                failed = true
                return
            }
        }
        guard consume(UInt8(ascii: "\"")) else {
            failed = true
            return
        }
        endMember()
    }

    /// After a member's value: a comma before the next member, or the closing brace.
    private mutating func endMember() {
        guard index < bytes.count else {
            failed = true
            return
        }
        memberDue = bytes[index] == UInt8(ascii: ",")
        if memberDue {
            index += 1
        } else if bytes[index] != UInt8(ascii: "}") {
            failed = true
        }
    }

    /// True when the next member has `key` (and it sorts on the right side of `type`); then
    /// moves past the key and its colon.
    private mutating func has(_ key: StaticString) -> Bool {
        stepOverType()
        guard !failed, index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            return false
        }
        let count = key.utf8CodeUnitCount
        guard index + count + 3 <= bytes.count,
            bytes[index + count + 1] == UInt8(ascii: "\""),
            bytes[index + count + 2] == UInt8(ascii: ":")
        else { return false }
        for offset in 0..<count where bytes[index + 1 + offset] != key.utf8Start[offset] {
            return false
        }
        guard Self.sortsAfterType(key) == typeSeen else { return false }
        index += count + 3
        return true
    }

    private static func sortsAfterType(_ key: StaticString) -> Bool {
        let type: StaticString = "type"
        let count = min(key.utf8CodeUnitCount, 4)
        for offset in 0..<count where key.utf8Start[offset] != type.utf8Start[offset] {
            return key.utf8Start[offset] > type.utf8Start[offset]
        }
        return key.utf8CodeUnitCount > 4
    }

    /// Reads a required member with `value`; nil (and the read failed) when it is missing or
    /// its value is not of that kind.
    private mutating func required<Value>(
        _ key: StaticString, _ value: (inout HotEventFields) -> Value?
    ) -> Value? {
        guard has(key), let result = value(&self) else {
            failed = true
            return nil
        }
        endMember()
        return failed ? nil : result
    }

    /// Reads an optional member: `.some(nil)` when absent, nil (and the read failed) when
    /// present but not of that kind.
    private mutating func optional<Value>(
        _ key: StaticString, _ value: (inout HotEventFields) -> Value?
    ) -> Value?? {
        guard has(key) else { return .some(nil) }
        guard let result = value(&self) else {
            failed = true
            return nil
        }
        endMember()
        return failed ? nil : .some(result)
    }

    mutating func int(_ key: StaticString) -> Int? { required(key) { $0.integer() } }

    mutating func bool(_ key: StaticString) -> Bool? { required(key) { $0.boolean() } }

    mutating func string(_ key: StaticString) -> String? { required(key) { $0.text() } }

    mutating func cards(_ key: StaticString) -> [Card]? { required(key) { $0.cardList() } }

    mutating func ints(_ key: StaticString) -> [Int]? {
        required(key) { $0.list { $0.integer() } }
    }

    /// A list of lists of cards, such as the hands of a deal's end.
    mutating func cardLists(_ key: StaticString) -> [[Card]]? {
        required(key) { $0.list { $0.cardList() } }
    }

    /// A list of strings, each of which may be null (the players of a deal).
    mutating func names(_ key: StaticString) -> [String?]? {
        required(key) { fields in
            fields.list { item -> String?? in
                if item.literal("null") { return .some(nil) }
                return item.text().map { .some($0) }
            }
        }
    }

    /// nil when absent; a member of the wrong kind fails the read.
    mutating func optionalInt(_ key: StaticString) -> Int? {
        optional(key) { $0.integer() } ?? nil
    }

    /// nil when absent; a member of the wrong kind fails the read.
    mutating func optionalBool(_ key: StaticString) -> Bool? {
        optional(key) { $0.boolean() } ?? nil
    }

    /// `.some(nil)` when absent, nil when present but not a card.
    mutating func optionalCard(_ key: StaticString) -> Card?? {
        optional(key) { $0.card() }
    }

    /// `.some(nil)` when absent, nil when present but not a list of integers or nulls (the
    /// people's own totals of a deal's end).
    mutating func optionalNullableInts(_ key: StaticString) -> [Int?]?? {
        optional(key) { fields in
            fields.list { item -> Int?? in
                if item.literal("null") { return .some(nil) }
                return item.integer().map { .some($0) }
            }
        }
    }

    /// `.some(nil)` when absent, nil when present but not a list of cards.
    mutating func optionalCards(_ key: StaticString) -> [Card]?? {
        optional(key) { $0.cardList() }
    }

    // MARK: Values

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        guard Self.matches(word, in: bytes, at: index) else { return false }
        index += word.utf8CodeUnitCount
        return true
    }

    private mutating func boolean() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// The bounds of a string of printable ASCII without escapes, moving past it.
    private mutating func textBounds() -> Range<Int>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    private mutating func text() -> String? {
        textBounds().map { Self.ascii(bytes, from: $0.lowerBound, to: $0.upperBound) }
    }

    private mutating func card() -> Card? {
        guard let bounds = textBounds(), bounds.count == 2 else { return nil }
        return CanonicalCards.card(bytes[bounds.lowerBound], bytes[bounds.lowerBound + 1])
    }

    private mutating func cardList() -> [Card]? { list { $0.card() } }

    /// A list whose items `item` reads; `[]` reads as an empty list.
    private mutating func list<Item>(_ item: (inout HotEventFields) -> Item?) -> [Item]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var items: [Item] = []
        if consume(UInt8(ascii: "]")) { return items }
        repeat {
            guard let next = item(&self) else { return nil }
            items.append(next)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? items : nil
    }

    /// An integer without leading zeros, fraction or exponent, that fits in 15 digits (well
    /// inside what a `Double`, and so the general decoder, holds exactly).
    private mutating func integer() -> Int? {
        guard let value = PlainJSONInteger.read(bytes, at: &index, maxDigits: 15) else {
            return nil
        }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return value
    }

    private static func matches(
        _ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at start: Int
    ) -> Bool {
        let count = word.utf8CodeUnitCount
        guard start >= 0, bytes.count - start >= count else { return false }
        for offset in 0..<count where bytes[start + offset] != word.utf8Start[offset] {
            return false
        }
        return true
    }

    private static func ascii(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        -> String
    {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}

/// Cards by the notation the server writes for them (`3D`, `TH`, `AS`), looked up by their
/// two bytes.
enum CanonicalCards {
    /// A card's deck index plus one at `first * 128 + second`, 0 for no card.
    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 128 * 128)
        for card in Card.deck {
            let notation = Array(card.notation.utf8)
            precondition(notation.count == 2 && notation.allSatisfy { $0 < 128 })
            table[Int(notation[0]) * 128 + Int(notation[1])] = card.index + 1
        }
        return table
    }()

    static func card(_ first: UInt8, _ second: UInt8) -> Card? {
        guard first < 128, second < 128 else { return nil }
        let entry = table[Int(first) * 128 + Int(second)]
        return entry == 0 ? nil : Card(index: Int(entry) - 1)
    }
}
