/// How soon the copies of a table message must reach their recipients.
///
/// A host may hold game broadcasts back for a few milliseconds and send them with the
/// recipient's next message, so that a player who is not to act gets several moves in one
/// write. A copy that asks its recipient to act, or that a person may answer, never waits.
public enum Delivery: Hashable, Sendable {
    /// Every copy leaves at once.
    case now
    /// Every copy may wait a little.
    case mayWait
    /// The message asks `session` to act: its copy leaves at once, the others may wait.
    case prompt(SessionID)

    /// True when the copy for `session` must leave at once.
    public func isUrgent(for session: SessionID) -> Bool {
        switch self {
        case .now: true
        case .mayWait: false
        case .prompt(let prompted): prompted == session
        }
    }
}
