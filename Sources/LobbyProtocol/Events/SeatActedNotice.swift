/// A seat moved without showing a card, such as a pass or a card laid face down: the games'
/// events share this payload, and the event's `type` tells which move it was.
public struct SeatActedNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat that moved.
    public var seat: Int
    /// True when the server moved for the seat because its turn timed out.
    public var timedOut: Bool?

    public init(table: Int, seat: Int, timedOut: Bool? = nil) {
        self.table = table
        self.seat = seat
        self.timedOut = timedOut
    }
}
