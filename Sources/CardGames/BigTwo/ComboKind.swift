/// The kinds of Big Two combination, in order: among five-card hands a higher kind beats any
/// lower kind.
public enum ComboKind: Int, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case single = 1
    case pair
    case triple
    case straight
    case flush
    case fullHouse
    case fourOfAKind
    case straightFlush

    /// The number of cards a combination of this kind holds.
    public var size: Int {
        switch self {
        case .single: 1
        case .pair: 2
        case .triple: 3
        default: 5
        }
    }

    /// True for four of a kind + 1 and straight flushes, which may act as bombs.
    public var isBomb: Bool { self == .fourOfAKind || self == .straightFlush }

    /// The stable name used in the protocol and logs, e.g. `full_house`.
    public var name: String {
        switch self {
        case .single: "single"
        case .pair: "pair"
        case .triple: "triple"
        case .straight: "straight"
        case .flush: "flush"
        case .fullHouse: "full_house"
        case .fourOfAKind: "four_of_a_kind"
        case .straightFlush: "straight_flush"
        }
    }

    public static func < (lhs: ComboKind, rhs: ComboKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
