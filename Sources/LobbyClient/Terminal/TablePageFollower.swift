import Foundation
import LobbyProtocol
import Locking

/// Makes `list` at the terminal show every table: a `tables` page that has a next page asks
/// for it at once, and the pages are shown one after another without the server's
/// "type list more" hint.
final class TablePageFollower: Sendable {
    /// True while the next `tables` reply is a page this follower asked for.
    private let following = Locked(false)

    /// What to show for `message`: a `tables` page without its cursor, after asking for the
    /// page after it with `send`; nothing for a followed page with no tables (the tables
    /// after the last page shown went away meanwhile). Any other message is shown as it is.
    func shown(_ message: ServerMessage, send: (ClientRequest) -> Int?) -> ServerMessage? {
        guard case .tables(var page) = message.event else { return message }
        let followed = following.withLock { following in
            defer { following = page.nextCursor != nil }
            return following
        }
        if let next = page.nextCursor,
            send(.list(ListQuery(limit: ListQuery.maximumLimit, cursor: next))) == nil
        {
            following.withLock { $0 = false }
        }
        page.nextCursor = nil
        if followed, page.tables.isEmpty { return nil }
        return ServerMessage(.tables(page), id: message.id)
    }
}
