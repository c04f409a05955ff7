import CardGames
import Foundation

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

    /// The requests without fields, by their type's bytes.
    static let plainRequests: [(type: [UInt8], request: ClientRequest)] = [
        ClientRequest.ping, .pass, .state, .ready, .start, .leave, .help, .who, .stats,
        .again, .restart,
    ].map { (Array($0.type.utf8), $0) }

    /// The kind whose type is `word`, or nil for any other type.
    init?(_ word: Slice<UnsafeBufferPointer<UInt8>>) {
        if word.elementsEqual("play".utf8) {
            self = .play
            return
        }
        guard let plain = Self.plainRequests.first(where: { word.elementsEqual($0.type) }) else {
            return nil
        }
        self = .plain(plain.request)
    }
}

/// The keys a hot request line may have.
private enum HotRequestKey {
    case id, type, cards
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
        guard let name = word() else { return nil }
        guard consume(UInt8(ascii: ":")) else { return nil }
        if name.elementsEqual("id".utf8) { return .id }
        if name.elementsEqual("type".utf8) { return .type }
        if name.elementsEqual("cards".utf8) { return .cards }
        return nil
    }

    /// The kind named by a `type` value.
    mutating func kind() -> HotRequestKind? {
        word().flatMap(HotRequestKind.init)
    }

    /// A string of lower-case ASCII letters, without its quotes.
    private mutating func word() -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "a"),
            bytes[index] <= UInt8(ascii: "z")
        {
            index += 1
        }
        let end = index
        guard end > start, consume(UInt8(ascii: "\"")) else { return nil }
        return bytes[start..<end]
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
