import CardGames
import Foundation
import WireJSON

/// Reads the requests clients send with nearly every move (`play`, `pass`, `ping`, `state`,
/// `ready` and the other requests without fields) straight from their bytes, when they are
/// in the narrow form clients write: members `type`, `id` and (for `play`) `cards` only, in
/// any order, no spaces, no escapes, an integer id, canonical card notation. Anything else
/// is left to the general parser, and so is anything that would be an error: the reader only
/// ever gives what that parser would give, only sooner.
enum HotRequestReader {
    /// The request, or nil when the line is not a hot request in the narrow form.
    static func read(_ line: Data) -> RequestEnvelope? {
        line.withUnsafeBytes { read($0.bindMemory(to: UInt8.self)) }
    }

    /// The request, or nil when the bytes are not a hot request in the narrow form.
    static func read(_ line: UnsafeBufferPointer<UInt8>) -> RequestEnvelope? {
        var members = HotRequestMembers(line)
        guard members.consume(UInt8(ascii: "{")) else { return nil }
        var id: Int?
        var kind: HotRequestKind?
        var cards: [Card]?
        repeat {
            switch members.key() {
            case .id?:
                guard id == nil, let number = members.integer() else { return nil }
                id = number
            case .type?:
                guard kind == nil, let word = members.kind() else { return nil }
                kind = word
            case .cards?:
                guard cards == nil, let list = members.cards() else { return nil }
                cards = list
            case nil:
                return nil
            }
        } while members.consume(UInt8(ascii: ","))
        guard members.consume(UInt8(ascii: "}")), members.isAtEnd else { return nil }
        let request: ClientRequest
        switch (kind, cards) {
        case (.play?, let cards?): request = .play(cards)
        case (.plain(let plain)?, nil): request = plain
        default: return nil
        }
        guard let checked = try? request.checked() else { return nil }
        return RequestEnvelope(id: id.map { .number($0) }, request: checked)
    }
}

/// The request a hot line's `type` names: `play`, whose cards are another member, or a
/// request without fields.
private enum HotRequestKind {
    case play
    case plain(ClientRequest)

    /// The requests without fields the reader takes.
    private static let plainRequests: [ClientRequest] = [
        .ping, .pass, .state, .ready, .start, .leave, .help, .who, .stats, .again, .restart,
        .hint,
    ]
    private static let plainTypes = plainRequests.map { PackedWord($0.type.utf8) }
    private static let playType = PackedWord("play".utf8)

    /// The kind whose type is `word`, or nil for any other type.
    init?(_ word: PackedWord) {
        if word == Self.playType {
            self = .play
            return
        }
        guard let index = Self.plainTypes.firstIndex(of: word) else { return nil }
        self = .plain(Self.plainRequests[index])
    }
}

/// The keys a hot request line may have.
private enum HotRequestKey {
    case id, type, cards

    private static let idKey = PackedWord("id".utf8)
    private static let typeKey = PackedWord("type".utf8)
    private static let cardsKey = PackedWord("cards".utf8)

    /// The key `word` is, or nil for any other key.
    init?(_ word: PackedWord) {
        switch word {
        case Self.idKey: self = .id
        case Self.typeKey: self = .type
        case Self.cardsKey: self = .cards
        default: return nil
        }
    }
}

/// A word of one to eight lower-case ASCII letters in one integer, so that a key or a type
/// is told apart with one comparison.
private struct PackedWord: Equatable {
    /// The letters, first in the lowest byte.
    private(set) var bits: UInt64 = 0
    /// How many letters the word has.
    private(set) var count = 0

    /// An empty word.
    init() {}

    /// The word of `letters` (at most eight).
    init(_ letters: some Sequence<UInt8>) {
        for letter in letters {
            let appended = append(letter)
            precondition(appended, "a packed word has at most eight letters")
        }
    }

    /// Adds a letter at the end; false when the word already has eight.
    mutating func append(_ letter: UInt8) -> Bool {
        guard count < 8 else { return false }
        bits |= UInt64(letter) << (8 * count)
        count += 1
        return true
    }
}

/// A cursor over a hot request line's bytes that reads only the narrow form: each reader
/// returns nil at the first byte it does not expect.
private struct HotRequestMembers {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// True when every byte has been read.
    var isAtEnd: Bool { index == bytes.count }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The next member's key, moving past it and its colon.
    mutating func key() -> HotRequestKey? {
        guard let name = word(), consume(UInt8(ascii: ":")) else { return nil }
        return HotRequestKey(name)
    }

    /// The kind named by a `type` value.
    mutating func kind() -> HotRequestKind? {
        word().flatMap(HotRequestKind.init)
    }

    /// A string of one to eight lower-case ASCII letters, without its quotes.
    private mutating func word() -> PackedWord? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        var word = PackedWord()
        while index < bytes.count, bytes[index] >= UInt8(ascii: "a"),
            bytes[index] <= UInt8(ascii: "z")
        {
            guard word.append(bytes[index]) else { return nil }
            index += 1
        }
        guard word.count > 0, consume(UInt8(ascii: "\"")) else { return nil }
        return word
    }

    /// An integer without leading zeros that fits an `Int`. A fraction or exponent after it
    /// is neither a comma nor a brace, so the line is refused at the member's end.
    mutating func integer() -> Int? {
        PlainJSONInteger.read(bytes, at: &index, maxDigits: 18)
    }

    /// A list of distinct cards, each a string in canonical notation (`3D`, `TH`).
    mutating func cards() -> [Card]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var cards: [Card] = []
        var seen = CardSet()
        if consume(UInt8(ascii: "]")) { return cards }
        repeat {
            guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "\""),
                bytes[index + 3] == UInt8(ascii: "\""),
                let card = CanonicalCards.card(bytes[index + 1], bytes[index + 2]),
                !seen.contains(card)
            else { return nil }
            index += 4
            seen.insert(card)
            cards.append(card)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? cards : nil
    }
}
