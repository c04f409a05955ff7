/// The two marks of tic-tac-toe. Seat 0 plays O and seat 1 plays X.
public enum TicTacToeMark: String, Sendable, Hashable, Codable, CaseIterable {
    /// The mark of seat 0.
    case o
    /// The mark of seat 1.
    case x

    /// The seat that plays this mark.
    public var seat: Int { self == .o ? 0 : 1 }

    /// The other mark.
    public var other: TicTacToeMark { self == .o ? .x : .o }

    /// The mark seat `seat` plays (0 is O, anything else X).
    public init(seat: Int) {
        self = seat == 0 ? .o : .x
    }
}
