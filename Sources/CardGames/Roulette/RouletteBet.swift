/// Chips one seat put on one segment.
public struct RouletteBet: Sendable, Hashable, Codable {
    /// The seat that bet.
    public var seat: Int
    /// The segment, 1 to the wheel's size.
    public var segment: Int
    /// The chips, at least 1.
    public var chips: Int

    /// Creates a bet.
    public init(seat: Int, segment: Int, chips: Int) {
        self.seat = seat
        self.segment = segment
        self.chips = chips
    }
}
