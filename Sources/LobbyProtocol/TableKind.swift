/// The kinds of table the server hosts.
public enum TableKind: String, Sendable, Codable, CaseIterable {
    /// Four-seat Big Two.
    case bigtwo
    /// Two-seat E-Card.
    case ecard
    /// Two-seat tic-tac-toe.
    case tictactoe
    /// Memory (concentration) for one to four seats.
    case memory
    /// A roulette wheel for one to eight seats.
    case roulette

    /// Whether `create` chooses the number of seats (`seats`); the other kinds have a fixed
    /// number.
    public var choosesSeatCount: Bool {
        switch self {
        case .memory, .roulette: true
        case .bigtwo, .ecard, .tictactoe: false
        }
    }
}
