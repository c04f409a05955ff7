/// What a session does to come back after its connection dropped, for showing to a person.
public enum ReconnectEvent: Equatable, Sendable, CustomStringConvertible {
    /// The connection was lost (the server said `reason` first, when it said anything).
    case lost(reason: String?)
    /// Attempt `attempt` failed or is next; the next one starts in `seconds`.
    case waiting(seconds: Double, attempt: Int)
    /// The server took the token back: the session, its seat and its hand are as they were.
    case resumed(attempt: Int)
    /// The server no longer knows the session's token.
    case tokenUnknown
    /// A new session started after the token was not known.
    case startedFresh(name: String)
    /// No attempt succeeded within the window of `seconds`; the session is closed.
    case gaveUp(seconds: Double)

    public var description: String {
        switch self {
        case .lost(let reason):
            "connection lost" + (reason.map { " (\($0))" } ?? "")
        case .waiting(let seconds, let attempt):
            "reconnecting in \(Self.words(seconds)), attempt \(attempt)"
        case .resumed(let attempt):
            "reconnected on attempt \(attempt); session resumed"
        case .tokenUnknown:
            "the server no longer knows this session's token: starting a new session"
        case .startedFresh(let name):
            "new session started as \(name)"
        case .gaveUp(let seconds):
            "gave up reconnecting after \(Self.words(seconds)); the session is closed"
        }
    }

    /// Seconds in words: whole seconds from one second up, tenths below.
    private static func words(_ seconds: Double) -> String {
        if seconds >= 1 { return "\(Int(seconds.rounded())) s" }
        return "\(Double((seconds * 10).rounded()) / 10) s"
    }
}
