import LobbyProtocol

/// Server errors in plain words for people at the terminal, said once.
public enum ErrorExplanation {
    /// One line: the server's message, and what to do next where that is not obvious.
    public static func text(for error: ErrorReply) -> String {
        let next: String? =
            switch error.code {
            case .noSuchTable: "type list to see the tables"
            case .alreadyAtTable: "type leave first"
            case .notSeated: "join a table first (list, then join N)"
            case .doesNotBeat, .wrongSize: "type hint for the plays that beat it"
            case .notLoggedIn: "say hello NAME first"
            case .rateLimited: "slow down a little"
            default: nil
            }
        return "error (\(error.code.rawValue)): \(error.message)" + (next.map { "; \($0)" } ?? "")
    }
}
