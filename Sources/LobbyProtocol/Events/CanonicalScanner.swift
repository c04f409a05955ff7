import CardGames

/// Cards by the notation ``HotEventWriter`` writes for them (`3D`, `10H`, `AS`).
enum CanonicalCards {
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
struct CanonicalScanner {
    enum Value {
        case integer(Int)
        case bool(Bool)
        case string(String)
        /// A list of strings (also any empty list).
        case strings([String])
        /// A list of strings with at least one null among them.
        case names([String?])
        /// A non-empty list of integers.
        case integers([Int])
        /// A non-empty list of lists of strings.
        case lists([[String]])
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
            return list()
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

    /// A list of strings (some may be null), of integers, or of lists of strings.
    private mutating func list() -> Value? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "]"):
            index += 2
            return .strings([])
        case UInt8(ascii: "\""), UInt8(ascii: "n"):
            return names()
        case UInt8(ascii: "["):
            return items { $0.strings() }.map { .lists($0) }
        default:
            return items { $0.integer() }.map { .integers($0) }
        }
    }

    /// A list of strings, any of which may be null.
    private mutating func names() -> Value? {
        var sawNull = false
        let names = items { scanner -> String?? in
            if scanner.literal("null") {
                sawNull = true
                return .some(nil)
            }
            return scanner.string().map { .some($0) }
        }
        guard let names else { return nil }
        return sawNull ? .names(names) : .strings(names.compactMap { $0 })
    }

    /// A non-empty list whose items `item` reads.
    private mutating func items<Item>(_ item: (inout CanonicalScanner) -> Item?) -> [Item]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var items: [Item] = []
        repeat {
            guard let next = item(&self) else { return nil }
            items.append(next)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? items : nil
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
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        if negative && value == 0 { return nil }
        return negative ? -value : value
    }
}
