import Foundation
import LobbyProtocol
import Locking

/// Makes `history more` and `leaderboard more` at the terminal show the page after the last
/// one shown. The client sends JSON, whose requests name their cursor, so it keeps what it
/// last asked for with the `next_cursor` of the reply, and sends that.
final class RecordPageCursors: Sendable {
    /// What to do with a typed request.
    enum Outgoing: Equatable {
        /// Send this request.
        case send(ClientRequest)
        /// Send nothing and show this line: there is no page after the last one shown.
        case noMore(String)
    }

    /// The two paged lists the terminal follows.
    private struct Lists: Sendable {
        var history = Pages<HistoryQuery>()
        var leaderboard = Pages<LeaderboardQuery>()
    }

    private let lists = Locked(Lists())

    /// The request to send for `request`: a `more` query becomes the query of the next page;
    /// any other request is sent as it is.
    func outgoing(_ request: ClientRequest) -> Outgoing {
        lists.withLock { lists in Self.outgoing(request, lists: &lists) }
    }

    private static func outgoing(_ request: ClientRequest, lists: inout Lists) -> Outgoing {
        switch request {
        case .history(let asked):
            let query = lists.history.query(for: asked, more: asked.more) {
                asked.player == nil || asked.player == $0.player
            }
            return query.map { .send(.history($0)) }
                ?? .noMore("no older entries: type history for the latest")
        case .leaderboard(let asked):
            let query = lists.leaderboard.query(for: asked, more: asked.more) {
                asked.kind == nil || asked.game == $0.game
            }
            return query.map { .send(.leaderboard($0)) }
                ?? .noMore("no more rows: type leaderboard for the top")
        default:
            return .send(request)
        }
    }

    /// Notes where the page after a `history` or `leaderboard` reply starts.
    func received(_ message: ServerMessage) {
        lists.withLock { lists in
            switch message.event {
            case .history(let page): lists.history.received(nextCursor: page.nextCursor)
            case .leaderboard(let page): lists.leaderboard.received(nextCursor: page.nextCursor)
            default: break
            }
        }
    }
}

/// One paged list's last query sent and the query of the page after its reply.
private struct Pages<Query: PageQuery>: Sendable {
    var sent: Query?
    var next: Query?

    /// The query to send for `asked`: the next page's when `more` (nil when there is none,
    /// or when `sameList` says the last list was another one), else `asked` itself.
    mutating func query(for asked: Query, more: Bool, sameList: (Query) -> Bool) -> Query? {
        var query = asked
        if more {
            guard let next, sameList(next) else { return nil }
            query = next
        }
        sent = query
        return query
    }

    /// The reply to the last query sent arrived with `nextCursor`.
    mutating func received(nextCursor: Int?) {
        next = nextCursor.flatMap { cursor in
            sent.map { sent in
                var next = sent
                next.cursor = cursor
                return next
            }
        }
    }
}
