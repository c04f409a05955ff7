import CardGames
import LobbyProtocol

extension MemoryError {
    /// The protocol's error code for this engine error.
    public var code: ErrorCode {
        switch self {
        case .notYourTurn: .notYourTurn
        case .noSuchCard: .invalidField
        case .faceUp: .cardFaceUp
        case .gameOver: .noDeal
        case .invalidSeat: .notSeated
        case .invalidOptions: .invalidField
        }
    }

    /// A message for people.
    public var message: String {
        switch self {
        case .notYourTurn: "it is not your turn to flip"
        case .noSuchCard(let index): "there is no card \(index + 1) on the table"
        case .faceUp(let index): "card \(index + 1) is already face up"
        case .gameOver: "every pair has been found"
        case .invalidSeat: "no such seat at this memory table"
        case .invalidOptions(.pairs):
            "field 'pairs' must be \(MemoryOptions.allowedPairs.lowerBound) to "
                + "\(MemoryOptions.allowedPairs.upperBound)"
        case .invalidOptions(.seats):
            "field 'seats' must be \(MemoryOptions.allowedSeats.lowerBound) to "
                + "\(MemoryOptions.allowedSeats.upperBound)"
        }
    }
}
