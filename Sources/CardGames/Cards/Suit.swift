/// One of the four suits. The raw value is the suit's position in notation order D, C, H, S,
/// which is also the default (Hong Kong) Big Two order from lowest to highest.
public enum Suit: Int, CaseIterable, Sendable, Hashable, Codable {
    case diamonds = 0
    case clubs = 1
    case hearts = 2
    case spades = 3

    /// The notation letter: `D`, `C`, `H` or `S`.
    public var letter: Character {
        switch self {
        case .diamonds: "D"
        case .clubs: "C"
        case .hearts: "H"
        case .spades: "S"
        }
    }

    /// The suit symbol used for display: ♦ ♣ ♥ ♠.
    public var symbol: Character {
        switch self {
        case .diamonds: "♦"
        case .clubs: "♣"
        case .hearts: "♥"
        case .spades: "♠"
        }
    }

    /// True for diamonds and hearts.
    public var isRed: Bool { self == .diamonds || self == .hearts }

    /// The suit for a notation letter (either case) or a suit symbol, or nil.
    public init?(token: Character) {
        switch token {
        case "D", "d", "♦", "♢": self = .diamonds
        case "C", "c", "♣", "♧": self = .clubs
        case "H", "h", "♥", "♡": self = .hearts
        case "S", "s", "♠", "♤": self = .spades
        default: return nil
        }
    }
}
