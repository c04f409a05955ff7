import CardGames
import Foundation

/// Reads the events sent most often during play (`turn`, `play`, `pass`, `trick`, `pong`)
/// straight from their bytes, when they are exactly in the form ``HotEventWriter`` writes:
/// keys sorted, no spaces, integer numbers, plain printable ASCII strings, canonical card
/// notation, a numeric id. Anything else (another event, another form, a field the event
/// does not have) is left to the general decoder, so the result is always what that decoder
/// would give, only sooner.
enum HotEventReader {
    /// The message, or nil when the line is not a hot event in the written form.
    static func read(_ line: Data) -> ServerMessage? {
        line.withUnsafeBytes { read($0) }
    }

    /// The message, or nil when the line's bytes are not a hot event in the written form.
    static func read(_ line: UnsafeRawBufferPointer) -> ServerMessage? {
        guard HotEventWriter.shapes.all else { return nil }
        var scanner = CanonicalScanner(bytes: line.bindMemory(to: UInt8.self))
        guard let members = scanner.object() else { return nil }
        return message(from: members)
    }

    private static func message(from members: [CanonicalScanner.Member]) -> ServerMessage? {
        var fields = Fields(members)
        guard case .string(let type)? = members.last?.value, members.last?.key == "type" else {
            return nil
        }
        fields.dropLast()
        let event: ServerEvent
        let id: RequestID?
        switch type {
        case "turn":
            guard let canPass = fields.bool("can_pass") else { return nil }
            let deadline = fields.optionalInt("deadline")
            id = fields.optionalInt("id").map { .number($0) }
            guard let leading = fields.bool("leading") else { return nil }
            let mustInclude = fields.optionalCard("must_include")
            guard let seat = fields.int("seat"), let table = fields.int("table") else {
                return nil
            }
            let toBeat = fields.optionalCards("to_beat")
            guard let mustInclude, let toBeat else { return nil }
            event = .turn(
                TurnNotice(
                    table: table, seat: seat, canPass: canPass, leading: leading,
                    mustInclude: mustInclude, toBeat: toBeat,
                    deadline: deadline.map(Int64.init)))
        case "play":
            guard let cards = fields.cards("cards"), let cardsLeft = fields.int("cards_left"),
                let combo = fields.string("combo")
            else { return nil }
            id = fields.optionalInt("id").map { .number($0) }
            guard let seat = fields.int("seat"), let table = fields.int("table") else {
                return nil
            }
            let timedOut = fields.optionalBool("timed_out")
            event = .play(
                PlayNotice(
                    table: table, seat: seat, cards: cards, combo: combo, cardsLeft: cardsLeft,
                    timedOut: timedOut))
        case "pass":
            id = fields.optionalInt("id").map { .number($0) }
            guard let seat = fields.int("seat"), let table = fields.int("table") else {
                return nil
            }
            let timedOut = fields.optionalBool("timed_out")
            event = .pass(PassNotice(table: table, seat: seat, timedOut: timedOut))
        case "trick":
            id = fields.optionalInt("id").map { .number($0) }
            guard let leader = fields.int("leader"), let table = fields.int("table") else {
                return nil
            }
            event = .trick(TrickNotice(table: table, leader: leader))
        case "pong":
            id = fields.optionalInt("id").map { .number($0) }
            event = .pong
        default:
            return nil
        }
        guard fields.isComplete else { return nil }
        return ServerMessage(event, id: id)
    }
}

/// The members of a hot event, taken in order: each accessor takes the next member when it
/// has the key asked for (and a value of the right kind), and marks the read failed when a
/// required one does not.
private struct Fields {
    private let members: [CanonicalScanner.Member]
    private var next = 0
    private var end: Int
    private var failed = false

    init(_ members: [CanonicalScanner.Member]) {
        self.members = members
        end = members.count
    }

    /// Leaves out the last member (already read).
    mutating func dropLast() { end -= 1 }

    /// True when every member was read and none was missing or of the wrong kind.
    var isComplete: Bool { !failed && next == end }

    private mutating func take(_ key: String) -> CanonicalScanner.Value? {
        guard next < end, members[next].key == key else { return nil }
        next += 1
        return members[next - 1].value
    }

    mutating func int(_ key: String) -> Int? {
        guard case .integer(let value)? = take(key) else { return nil }
        return value
    }

    mutating func bool(_ key: String) -> Bool? {
        guard case .bool(let value)? = take(key) else { return nil }
        return value
    }

    mutating func string(_ key: String) -> String? {
        guard case .string(let value)? = take(key) else { return nil }
        return value
    }

    mutating func cards(_ key: String) -> [Card]? {
        guard case .strings(let texts)? = take(key) else { return nil }
        return CanonicalCards.cards(texts)
    }

    /// nil when absent; a member of the wrong kind fails the read.
    mutating func optionalInt(_ key: String) -> Int? { optional(key) { $0.int(key) } }

    /// nil when absent; a member of the wrong kind fails the read.
    mutating func optionalBool(_ key: String) -> Bool? { optional(key) { $0.bool(key) } }

    private mutating func optional<Value>(_ key: String, _ read: (inout Fields) -> Value?)
        -> Value?
    {
        guard next < end, members[next].key == key else { return nil }
        guard let value = read(&self) else {
            failed = true
            return nil
        }
        return value
    }

    /// `.some(nil)` when absent, nil when present but not a card.
    mutating func optionalCard(_ key: String) -> Card?? {
        guard next < end, members[next].key == key else { return .some(nil) }
        guard case .string(let text)? = take(key), let card = CanonicalCards.card(text) else {
            return nil
        }
        return .some(card)
    }

    /// `.some(nil)` when absent, nil when present but not a list of cards.
    mutating func optionalCards(_ key: String) -> [Card]?? {
        guard next < end, members[next].key == key else { return .some(nil) }
        guard let cards = cards(key) else { return nil }
        return .some(cards)
    }
}

/// Cards by the notation ``HotEventWriter`` writes for them (`3D`, `10H`, `AS`).
private enum CanonicalCards {
    private static let byNotation: [String: Card] = Dictionary(
        uniqueKeysWithValues: (0..<52).compactMap { index in
            Card(index: index).map { ($0.notation, $0) }
        })

    static func card(_ text: String) -> Card? { byNotation[text] }

    static func cards(_ texts: [String]) -> [Card]? {
        var cards: [Card] = []
        cards.reserveCapacity(texts.count)
        for text in texts {
            guard let card = byNotation[text] else { return nil }
            cards.append(card)
        }
        return cards
    }
}

/// Reads one JSON object in the narrow form the hot events are written in; nil for anything
/// outside it (spaces, escapes, non-ASCII, fractions, nested objects, trailing bytes).
private struct CanonicalScanner {
    enum Value {
        case integer(Int)
        case bool(Bool)
        case string(String)
        case strings([String])
    }

    struct Member {
        let key: String
        let value: Value
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func object() -> [Member]? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var members: [Member] = []
        members.reserveCapacity(8)
        repeat {
            guard let key = string(), consume(UInt8(ascii: ":")), let value = value() else {
                return nil
            }
            members.append(Member(key: key, value: value))
        } while consume(UInt8(ascii: ","))
        guard consume(UInt8(ascii: "}")) else { return nil }
        // Only the line's own newline may follow.
        if index < bytes.count, bytes[index] == 0x0A { index += 1 }
        return index == bytes.count ? members : nil
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func value() -> Value? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return string().map { .string($0) }
        case UInt8(ascii: "["):
            return strings().map { .strings($0) }
        case UInt8(ascii: "t"):
            return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"):
            return literal("false") ? .bool(false) : nil
        default:
            return integer().map { .integer($0) }
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            return false
        }
        index += count
        return true
    }

    /// A string of printable ASCII without escapes.
    private mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    private mutating func strings() -> [String]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var texts: [String] = []
        if consume(UInt8(ascii: "]")) { return texts }
        repeat {
            guard let text = string() else { return nil }
            texts.append(text)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? texts : nil
    }

    /// An integer without leading zeros, fraction or exponent, that fits in 15 digits (well
    /// inside what a `Double`, and so the general decoder, holds exactly).
    private mutating func integer() -> Int? {
        let negative = consume(UInt8(ascii: "-"))
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
            guard index - start <= 15 else { return nil }
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != 0x30 else { return nil }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")]
            .contains(bytes[index])
        {
            return nil
        }
        if negative && value == 0 { return nil }
        return negative ? -value : value
    }
}
