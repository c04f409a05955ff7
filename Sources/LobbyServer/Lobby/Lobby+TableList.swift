import Foundation
import LobbyProtocol

extension Lobby {
    /// Answers `list`: a page of the tables by id, after the query's cursor, or (plain
    /// `list more`) after the page this connection last received, which is remembered.
    func list(_ asked: ListQuery, id: RequestID?, connection: Connection) {
        dispatchPrecondition(condition: .onQueue(queue))
        var query = asked
        if asked.more {
            guard let next = clients[connection.id]?.pages.tables else {
                reply(.tables(TableList(tables: [])), id: id, to: connection)
                return
            }
            query = next
        }
        let page = tablePage(query, id: id)
        clients[connection.id]?.pages.tables = page.nextCursor.map {
            ListQuery(limit: query.limit, cursor: $0)
        }
        connection.send(page.line)
    }

    /// The `tables` line of one page and the cursor of the page after it. First pages (no
    /// cursor) are encoded once per page size after the tables last changed and then reused,
    /// with the request's id spliced in, however many clients list how often.
    private func tablePage(_ query: ListQuery, id: RequestID?) -> (line: Data, nextCursor: Int?) {
        let ids = sortedTableIDs ?? infos.keys.sorted()
        sortedTableIDs = ids
        let start =
            query.cursor.map { cursor in
                ids.firstIndex { $0 > cursor } ?? ids.endIndex
            } ?? ids.startIndex
        let page = ids[start...].prefix(query.pageSize)
        let nextCursor = page.endIndex < ids.endIndex ? page.last : nil
        let event = { [self] in
            ServerEvent.tables(
                TableList(tables: page.compactMap { infos[$0] }, nextCursor: nextCursor))
        }
        guard query.cursor == nil else { return (encoder.line(event(), id: id), nextCursor) }
        let plain = firstTablePages[query.pageSize] ?? encoder.line(event())
        firstTablePages[query.pageSize] = plain
        return (encoder.line(event(), id: id, from: plain), nextCursor)
    }
}
