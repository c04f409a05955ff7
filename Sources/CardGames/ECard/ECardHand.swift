/// The cards one seat holds in the current hand: its side's special card (until laid) and a
/// number of Citizens.
public struct ECardHand: Sendable, Hashable, Codable {
    /// The side whose cards these are; it decides which special card the hand can hold.
    public let side: ECardSide
    /// True while the side's special card (Emperor or Slave) is still held.
    public private(set) var holdsSpecial: Bool
    /// How many Citizens are held.
    public private(set) var citizens: Int

    /// Citizens each side is dealt at the start of a hand.
    public static let citizensPerHand = 4

    /// A hand of the given side; by default the full five cards dealt at the start of a hand.
    public init(side: ECardSide, holdsSpecial: Bool = true, citizens: Int = citizensPerHand) {
        self.side = side
        self.holdsSpecial = holdsSpecial
        self.citizens = max(0, citizens)
    }

    /// The side's special card, held or not.
    public var specialCard: ECardCard { side.specialCard }

    /// How many cards are held.
    public var count: Int { citizens + (holdsSpecial ? 1 : 0) }

    /// True when no card is held.
    public var isEmpty: Bool { count == 0 }

    /// The held cards, the special card first, then the Citizens.
    public var cards: [ECardCard] {
        (holdsSpecial ? [specialCard] : []) + Array(repeating: .citizen, count: citizens)
    }

    /// True when at least one copy of the card is held.
    public func contains(_ card: ECardCard) -> Bool {
        switch card {
        case .citizen: citizens > 0
        case specialCard: holdsSpecial
        default: false
        }
    }

    /// Removes one copy of the card; returns false, changing nothing, when it is not held.
    @discardableResult
    public mutating func remove(_ card: ECardCard) -> Bool {
        guard contains(card) else { return false }
        if card == .citizen { citizens -= 1 } else { holdsSpecial = false }
        return true
    }

    /// Adds one copy of a card this side can hold; returns false, changing nothing, when the
    /// card belongs to the other side or the special card is already held.
    @discardableResult
    public mutating func add(_ card: ECardCard) -> Bool {
        switch card {
        case .citizen:
            citizens += 1
            return true
        case specialCard where !holdsSpecial:
            holdsSpecial = true
            return true
        default:
            return false
        }
    }
}
