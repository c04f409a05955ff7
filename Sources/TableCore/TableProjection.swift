import LobbyProtocol

/// The one place hidden information is filtered: every message a table sends goes through
/// ``project(_:for:)`` for each viewer. A hand goes only to the person playing it; watchers,
/// people waiting for their seat's next deal, and other seats never get another hand's cards.
public enum TableProjection {
    /// What `viewer` may see of `message`. Hosts call it once per viewer of every message,
    /// so the card games get specialized copies.
    @_specialize(where Game == BigTwoGame)
    @_specialize(where Game == ECardGame)
    public static func project<Game: TableGame>(_ message: TableMessage<Game>, for viewer: Viewer)
        -> ServerEvent
    {
        switch message {
        case .same(let event):
            return event
        case .game(let event):
            return Game.project(event, for: viewer)
        case .notice(let kind, let info):
            return notice(kind, info, for: viewer)
        case .snapshot(let info, let view):
            return .state(Game.snapshot(view, table: info, viewer: viewer))
        }
    }

    /// What every viewer sees of `message` when all see it alike, so that a host encodes it
    /// once for everyone; nil when what a viewer sees depends on where they stand.
    @_specialize(where Game == BigTwoGame)
    @_specialize(where Game == ECardGame)
    public static func publicProjection<Game: TableGame>(of message: TableMessage<Game>)
        -> ServerEvent?
    {
        switch message {
        case .same(let event): event
        case .game(let event): Game.publicProjection(of: event)
        case .notice, .snapshot: nil
        }
    }

    private static func notice(_ kind: NoticeKind, _ info: TableInfo, for viewer: Viewer)
        -> ServerEvent
    {
        let notice =
            switch viewer {
            case .player(let seat), .reserved(let seat): TableNotice(table: info, seat: seat)
            case .watcher: TableNotice(table: info, spectator: true)
            case .outsider: TableNotice(table: info)
            }
        switch kind {
        case .created: return .created(notice)
        case .joined: return .joined(notice)
        case .watching: return .watching(notice)
        case .table: return .table(notice)
        }
    }
}
