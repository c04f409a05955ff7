/// A warning to the seat to act that its turn runs out soon.
public struct TurnTimerNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat to act.
    public var seat: Int
    /// Whole seconds left on the turn.
    public var secondsLeft: Int
    /// Unix time in milliseconds when the turn times out.
    public var deadline: Int64

    /// Creates the warning.
    public init(table: Int, seat: Int, secondsLeft: Int, deadline: Int64) {
        self.table = table
        self.seat = seat
        self.secondsLeft = secondsLeft
        self.deadline = deadline
    }
}
