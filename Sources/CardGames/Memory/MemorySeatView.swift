/// What any seat (or watcher) may know of a memory game: which cards are face up and what
/// the card flipped first this turn shows. It never holds the face of a face-down card.
public struct MemorySeatView: Sendable, Hashable {
    /// The seat the view is for.
    public let seat: Int
    /// Cards on the table.
    public let cardCount: Int
    /// The positions of the pairs found, as a mask (bit `i` is position `i`).
    public let found: UInt64
    /// The first card of the turn under way, if one is face up.
    public let firstPosition: Int?
    /// The face of ``firstPosition``.
    public let firstFace: UInt8?

    /// Creates a view.
    public init(seat: Int, cardCount: Int, found: UInt64, firstPosition: Int?, firstFace: UInt8?) {
        self.seat = seat
        self.cardCount = cardCount
        self.found = found
        self.firstPosition = firstPosition
        self.firstFace = firstFace
    }

    /// The face-down positions, as a mask.
    public var faceDown: UInt64 {
        var mask = (((1 as UInt64) << UInt64(cardCount)) &- 1) & ~found
        if let firstPosition { mask &= ~(1 << UInt64(firstPosition)) }
        return mask
    }
}
