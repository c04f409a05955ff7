/// Who holds one seat: a person, a bot, or both (a bot playing for a person who is away or
/// who waits for the next deal).
public struct TableSeat<Bot: Sendable>: Sendable {
    /// The person sitting there, if any.
    public var session: SessionID?
    /// The bot playing the seat, if any.
    public var bot: Bot?
    /// Turns in a row the person let time out.
    public var timeouts = 0
    /// True while a bot plays because the (connected) person kept timing out.
    public var away = false
    /// True while the person waits for the next deal: the bot plays this one.
    public var reserved = false

    /// An empty seat.
    public init() {}

    /// A seat `session` plays in person.
    init(session: SessionID) {
        self.session = session
    }

    /// True when the seat's person plays it in person (no bot stands in).
    public var isHuman: Bool { session != nil && bot == nil }
}

/// A session at a table: its name and whether it is connected.
struct TableMember: Sendable {
    var name: String
    var connected = true
}
