import CardGames
import LobbyProtocol

extension RouletteError {
    /// The protocol's error code for this engine error.
    public var code: ErrorCode {
        switch self {
        case .bettingClosed: .notYourTurn
        case .noSuchSegment, .invalidChips, .invalidOptions: .invalidField
        case .overLimit: .overLimit
        case .invalidSeat: .notSeated
        }
    }

    /// A message for people.
    public var message: String {
        switch self {
        case .bettingClosed: "bets are closed for this round"
        case .noSuchSegment(let segment): "there is no segment \(segment) on this wheel"
        case .invalidChips: "a bet must be at least one chip"
        case .overLimit(let remaining):
            "those bets go over the limit: you may bet \(remaining) more"
        case .invalidSeat: "no such seat at this roulette table"
        case .invalidOptions(.segments):
            "field 'segments' must be \(RouletteOptions.allowedSegments.lowerBound) to "
                + "\(RouletteOptions.allowedSegments.upperBound)"
        case .invalidOptions(.seats):
            "field 'seats' must be \(RouletteOptions.allowedSeats.lowerBound) to "
                + "\(RouletteOptions.allowedSeats.upperBound)"
        case .invalidOptions(.maxStake):
            "field 'max_stake' must be 1 to \(RouletteOptions.allowedMaxStake.upperBound)"
        }
    }
}
