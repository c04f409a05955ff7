/// Whom a table message is addressed to.
public enum Audience: Hashable, Sendable {
    /// The person holding seat `k` (nobody when a bot holds it).
    case seat(Int)
    /// One session, member of the table or not.
    case session(SessionID)
    /// Everyone watching.
    case watchers
    /// Every member: the seated people, then the watchers.
    case everyone
    /// Every member but one.
    case everyoneExcept(SessionID)
}
