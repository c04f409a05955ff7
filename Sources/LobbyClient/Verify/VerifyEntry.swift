import LobbyProtocol

/// One thing `verify` checks, as read from a line of a record file.
public enum VerifyEntry: Equatable, Sendable {
    /// A revealed seed with hands to check (a `deal_end` message, or the flags).
    case claim(DealClaim)
    /// A game log record (a line of the server's `games.jsonl`).
    case record(DealRecord)
    /// A line that looks like a game log record but cannot be decoded as one.
    case unreadableRecord(line: Int, reason: String)
    /// A last line without its newline that cannot be read: a write cut off by a crash, which
    /// the server cuts when it opens the log. Noted, not checked.
    case tornTail(line: Int, bytes: Int)
}
