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

    /// The game's name for people: `Big Two`, `E-Card`, `tic-tac-toe`.
    public var displayName: String {
        switch self {
        case .bigtwo: "Big Two"
        case .ecard: "E-Card"
        case .tictactoe: "tic-tac-toe"
        case .memory: "memory"
        case .roulette: "roulette"
        }
    }

    /// What the table plays one after another, each recorded on its own: a Big Two `deal`,
    /// an E-Card `match`, a tic-tac-toe or roulette `round`, a memory `game`.
    public var gameWord: String {
        switch self {
        case .bigtwo: "deal"
        case .ecard: "match"
        case .tictactoe, .roulette: "round"
        case .memory: "game"
        }
    }

    /// The fields of `create` this kind alone reads.
    public var createFields: any GameCreateFields.Type {
        switch self {
        case .bigtwo: BigTwoCreateFields.self
        case .ecard: ECardCreateFields.self
        case .tictactoe: TicTacToeCreateFields.self
        case .memory: MemoryCreateFields.self
        case .roulette: RouletteCreateFields.self
        }
    }

    /// What a snapshot shows of this kind's game in progress.
    public var snapshotView: any GameSnapshotView.Type {
        switch self {
        case .bigtwo: DealView.self
        case .ecard: ECardView.self
        case .tictactoe: TicTacToeView.self
        case .memory: MemoryView.self
        case .roulette: RouletteView.self
        }
    }

    /// The fields of this kind's moves in a `hint` reply.
    public var hintMoves: any GameHintMoves.Type {
        switch self {
        case .bigtwo: BigTwoHintMoves.self
        case .ecard: ECardHintMoves.self
        case .tictactoe: TicTacToeHintMoves.self
        case .memory: MemoryHintMoves.self
        case .roulette: RouletteHintMoves.self
        }
    }

    /// Whether `create` chooses the number of seats (`seats`); the other kinds have a fixed
    /// number.
    public var choosesSeatCount: Bool {
        switch self {
        case .memory, .roulette: true
        case .bigtwo, .ecard, .tictactoe: false
        }
    }
}
