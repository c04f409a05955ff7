/// One of the thirteen ranks, in Big Two order: the raw value is 0 for a three up to 12 for a two.
public enum Rank: Int, CaseIterable, Sendable, Hashable, Codable {
    case three = 0, four, five, six, seven, eight, nine, ten, jack, queen, king, ace, two

    /// The notation for the rank: `3`–`9`, `T`, `J`, `Q`, `K`, `A`, `2`.
    public var letter: String {
        switch self {
        case .ten: "T"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        case .ace: "A"
        case .two: "2"
        default: String(rawValue + 3)
        }
    }

    /// The rank as people write it on a card face: like `letter`, but `10` for a ten.
    public var face: String { self == .ten ? "10" : letter }

    /// The face value with the ace high and the two as 2: 2, 3, …, 13 (king), 14 (ace).
    /// Straights are built on this value.
    public var faceValue: Int {
        switch self {
        case .two: 2
        default: rawValue + 3
        }
    }

    /// The rank for a notation token (`3`–`9`, `T` or `10`, `J`, `Q`, `K`, `A`, `2`, any case).
    public init?(token: Substring) {
        switch token.uppercased() {
        case "2": self = .two
        case "3": self = .three
        case "4": self = .four
        case "5": self = .five
        case "6": self = .six
        case "7": self = .seven
        case "8": self = .eight
        case "9": self = .nine
        case "T", "10": self = .ten
        case "J": self = .jack
        case "Q": self = .queen
        case "K": self = .king
        case "A": self = .ace
        default: return nil
        }
    }
}
