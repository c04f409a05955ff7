import CardGames
import LobbyProtocol

extension TicTacToeError {
    /// The protocol's error code for this engine error.
    public var code: ErrorCode {
        switch self {
        case .notYourTurn: .notYourTurn
        case .noSuchCell: .invalidField
        case .cellTaken: .cellTaken
        case .roundOver: .roundOver
        case .roundInProgress: .roundInProgress
        case .invalidSeat: .notSeated
        }
    }

    /// A message for people.
    public var message: String {
        switch self {
        case .notYourTurn: "it is not your turn to mark"
        case .noSuchCell: "field 'cell' must be 1 to 9 or a1 to c3"
        case .cellTaken(let index):
            "cell \(TicTacToeCell.number(of: index)) (\(TicTacToeCell.name(of: index))) is taken"
        case .roundOver: "the round is over; send again for one more round"
        case .roundInProgress: "the round is still being played"
        case .invalidSeat: "tic-tac-toe seats are 0 (O) and 1 (X)"
        }
    }
}
