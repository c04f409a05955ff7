import LobbyProtocol

/// Server errors in plain words for people at the terminal.
public enum ErrorExplanation {
    /// A sentence for the error: a short explanation and the server's own message.
    public static func text(for error: ErrorReply) -> String {
        let words: String? =
            switch error.code {
            case .notYourTurn: "It is not your turn yet."
            case .cardsNotInHand, .cardNotInHand: "You do not hold that card."
            case .notACombination: "Those cards do not form a Big Two combination."
            case .wrongSize: "You must play the same number of cards as the play to beat."
            case .doesNotBeat: "That does not beat the cards on the table."
            case .cannotPassWhenLeading: "You lead this trick, so you must play."
            case .mustIncludeLowestCard, .mustLeadLowestCardAlone:
                "The first play of the deal must include the lowest card."
            case .noSuchTable: "There is no such table (type list)."
            case .seatTaken: "That seat is taken."
            case .alreadyAtTable: "You are already at a table (type leave first)."
            case .notSeated: "Sit at a table first (join TABLE)."
            case .rateLimited: "Slow down a little."
            default: nil
            }
        return [words, "(\(error.code.rawValue): \(error.message))"].compactMap(\.self)
            .joined(separator: " ")
    }
}
