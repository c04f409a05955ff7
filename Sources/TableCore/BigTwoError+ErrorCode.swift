import CardGames
import LobbyProtocol

extension BigTwoError {
    /// The protocol's error code for this engine error.
    public var code: ErrorCode {
        switch self {
        case .dealOver: .dealOver
        case .invalidSeat: .notSeated
        case .notYourTurn: .notYourTurn
        case .emptyPlay: .emptyPlay
        case .duplicateCards: .duplicateCards
        case .cardsNotInHand: .cardsNotInHand
        case .notACombination: .notACombination
        case .wrongSize: .wrongSize
        case .doesNotBeat: .doesNotBeat
        case .cannotPassWhenLeading: .cannotPassWhenLeading
        case .mustIncludeLowestCard: .mustIncludeLowestCard
        case .mustLeadLowestCardAlone: .mustLeadLowestCardAlone
        }
    }
}
