import CardGames

/// The members of a hot event, taken in order: each accessor takes the next member when it
/// has the key asked for (and a value of the right kind), and marks the read failed when a
/// required one does not. The `type` member, already read, is stepped over.
struct HotEventFields {
    private let members: [CanonicalScanner.Member]
    private let typeIndex: Int
    private var next = 0
    private var failed = false

    /// The fields of `members`, whose member at `typeIndex` (the type) has been read.
    init(_ members: [CanonicalScanner.Member], typeIndex: Int) {
        self.members = members
        self.typeIndex = typeIndex
    }

    /// True when every member was read and none was missing or of the wrong kind.
    mutating func isComplete() -> Bool {
        stepOverType()
        return !failed && next == members.count
    }

    private mutating func stepOverType() {
        if next == typeIndex { next += 1 }
    }

    /// True when the next member has `key`.
    private mutating func has(_ key: String) -> Bool {
        stepOverType()
        return next < members.count && members[next].key == key
    }

    private mutating func take(_ key: String) -> CanonicalScanner.Value? {
        guard has(key) else { return nil }
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

    /// A list of integers (an empty list reads as one).
    mutating func ints(_ key: String) -> [Int]? {
        switch take(key) {
        case .integers(let values)?: return values
        case .strings(let texts)? where texts.isEmpty: return []
        default: return nil
        }
    }

    /// A list of lists of cards, such as the hands of a deal's end.
    mutating func cardLists(_ key: String) -> [[Card]]? {
        switch take(key) {
        case .lists(let lists)?:
            var result: [[Card]] = []
            result.reserveCapacity(lists.count)
            for texts in lists {
                guard let cards = CanonicalCards.cards(texts) else { return nil }
                result.append(cards)
            }
            return result
        case .strings(let texts)? where texts.isEmpty: return []
        default: return nil
        }
    }

    /// A list of strings, each of which may be null (the players of a deal).
    mutating func names(_ key: String) -> [String?]? {
        switch take(key) {
        case .strings(let texts)?: return texts
        case .names(let names)?: return names
        default: return nil
        }
    }

    /// nil when absent; a member of the wrong kind fails the read.
    mutating func optionalInt(_ key: String) -> Int? { optional(key) { $0.int(key) } }

    /// nil when absent; a member of the wrong kind fails the read.
    mutating func optionalBool(_ key: String) -> Bool? { optional(key) { $0.bool(key) } }

    private mutating func optional<Value>(_ key: String, _ read: (inout HotEventFields) -> Value?)
        -> Value?
    {
        guard has(key) else { return nil }
        guard let value = read(&self) else {
            failed = true
            return nil
        }
        return value
    }

    /// `.some(nil)` when absent, nil when present but not a card.
    mutating func optionalCard(_ key: String) -> Card?? {
        guard has(key) else { return .some(nil) }
        guard case .string(let text)? = take(key), let card = CanonicalCards.card(text) else {
            return nil
        }
        return .some(card)
    }

    /// `.some(nil)` when absent, nil when present but not a list of cards.
    mutating func optionalCards(_ key: String) -> [Card]?? {
        guard has(key) else { return .some(nil) }
        guard let cards = cards(key) else { return nil }
        return .some(cards)
    }
}
