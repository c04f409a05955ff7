import CardGames
import LobbyProtocol

extension ECardError {
    /// The protocol's error code for this engine error.
    public var code: ErrorCode {
        switch self {
        case .notYourTurn: .notYourTurn
        case .cardNotInHand: .cardNotInHand
        case .alreadyLaid: .alreadyLaid
        case .matchOver: .matchOver
        case .invalidSeat: .notSeated
        case .invalidOptions: .invalidField
        }
    }

    /// A message for people.
    public var message: String {
        switch self {
        case .notYourTurn: "it is not your turn to lay a card"
        case .cardNotInHand(let card): "you do not hold a card \(card)"
        case .alreadyLaid: "you already laid a card in this play; wait for the reveal"
        case .matchOver: "the E-Card match is over"
        case .invalidSeat: "E-Card seats are 0 and 1"
        case .invalidOptions(let field): ECardOptions.problem(with: field)
        }
    }
}

extension ECardOptions {
    /// The wire name of a setting, as in the `ecard` object of `create`.
    public static func wireName(of field: Field) -> String {
        switch field {
        case .handsPerMatch: "hands_per_match"
        case .swapInterval: "swap_interval"
        case .slavePayout: "slave_payout"
        case .emperorPayout: "emperor_payout"
        }
    }

    /// What is wrong with an out-of-range setting, naming it as on the wire.
    public static func problem(with field: Field) -> String {
        let allowed =
            switch field {
            case .handsPerMatch: "1 to \(maximumHandsPerMatch)"
            case .swapInterval: "at least 1"
            case .slavePayout:
                allowedSlavePayouts.sorted().map(String.init).joined(separator: " or ")
            case .emperorPayout: "1 to \(maximumStake)"
            }
        return "field 'ecard.\(wireName(of: field))' must be \(allowed)"
    }
}
