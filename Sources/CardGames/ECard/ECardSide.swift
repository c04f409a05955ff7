/// The side a seat plays in a hand: the Emperor side or the Slave side.
public enum ECardSide: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Holds the Emperor and four Citizens; lays first in the first play of a hand.
    case emperor
    /// Holds the Slave and four Citizens.
    case slave

    /// The card that only this side holds.
    public var specialCard: ECardCard {
        switch self {
        case .emperor: .emperor
        case .slave: .slave
        }
    }

    /// The other side.
    public var opposite: ECardSide {
        switch self {
        case .emperor: .slave
        case .slave: .emperor
        }
    }

    /// The side's name in lower case, as in its raw value.
    public var description: String { rawValue }
}
