import LobbyProtocol

/// A message from a table before projection: it may hold hidden information that
/// ``TableProjection`` filters for each viewer.
///
/// Indirect, so that the effects and outbound messages holding it are copied as a reference:
/// a `ServerEvent` inline is about 700 bytes.
public indirect enum TableMessage<Game: TableGame>: Sendable {
    /// The same event for every viewer (chat, seat changes, errors, `left`…).
    case same(ServerEvent)
    /// A game event with full information.
    case game(Game.Event)
    /// A table description whose seat depends on the viewer.
    case notice(NoticeKind, TableInfo)
    /// A `state` snapshot cut for each viewer.
    case snapshot(TableInfo, Game.FullView?)

    /// True for a game event.
    var isGameEvent: Bool {
        if case .game = self { return true }
        return false
    }
}

/// The events that carry a table description and the recipient's place.
public enum NoticeKind: Hashable, Sendable {
    /// `created`: the answer to `create`.
    case created
    /// `joined`: the answer to `join`.
    case joined
    /// `watching`: the answer to `watch`.
    case watching
    /// `table`: the table changed.
    case table
}

/// One recipient of a message: a session, where it stands, and the request id its copy
/// answers, if any.
public struct Recipient: Hashable, Sendable {
    /// The session.
    public var session: SessionID
    /// Where it stands at the table.
    public var viewer: Viewer
    /// The request this copy answers.
    public var replyTo: RequestID?

    /// Creates a recipient.
    public init(session: SessionID, viewer: Viewer, replyTo: RequestID? = nil) {
        self.session = session
        self.viewer = viewer
        self.replyTo = replyTo
    }
}

/// A message and whom it goes to, resolved when the core sent it.
public struct Outbound<Game: TableGame>: Sendable {
    /// The message before projection.
    public var message: TableMessage<Game>
    /// Whom it was addressed to.
    public var audience: Audience
    /// The sessions that make up the audience at that moment, in delivery order.
    public var recipients: [Recipient]
    /// How soon the copies must leave.
    public var delivery: Delivery

    /// What `recipient` receives.
    public func projected(for recipient: Recipient) -> ServerEvent {
        TableProjection.project(message, for: recipient.viewer)
    }
}
