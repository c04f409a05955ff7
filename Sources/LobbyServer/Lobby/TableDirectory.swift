import Dispatch
import Foundation
import LobbyProtocol

/// The table list: each open table's latest description, and the pages of `list`, answered on
/// a queue of its own.
///
/// Tables push their descriptions here directly, and the lobby hands over each `list` it
/// routes, so neither keeps the lobby's queue busy: with hundreds of busy tables a page was
/// encoded afresh at nearly every request, on the queue every other lobby request waits for.
/// The lobby adds a table before it hands the table any request, and removes it when the table
/// has finished, so a page never lists a table the lobby does not know, and a `list` sent
/// after a `create` is answered after the table is added.
final class TableDirectory: @unchecked Sendable {
    let queue = DispatchQueue(label: "LobbyServer.tableDirectory")
    private let encoder = ServerMessageEncoder()

    // Touched only on `queue`.
    private var infos: [Int: TableInfo] = [:]
    /// The ids of `infos`, in order: tables get ever higher ids, so a new one goes last.
    private var ids: [Int] = []
    /// The first page (no cursor) without an id, by page size, encoded once per change.
    private var firstPages: [Int: Data] = [:]
    /// Where each connection's plain `list more` continues.
    private var next: [Int: ListQuery] = [:]

    /// A table opened (or was restored): it is listed from now on.
    func add(_ info: TableInfo) {
        queue.async { [self] in
            if infos.updateValue(info, forKey: info.id) == nil {
                if let last = ids.last, last > info.id {
                    ids.insert(info.id, at: insertionIndex(after: info.id - 1))
                } else {
                    ids.append(info.id)
                }
            }
            firstPages = [:]
        }
    }

    /// A listed table's description changed; ignored once the table is gone.
    func update(_ info: TableInfo) {
        queue.async { [self] in
            guard infos[info.id] != nil else { return }
            infos[info.id] = info
            firstPages = [:]
        }
    }

    /// A table finished: it is listed no more.
    func remove(_ table: Int) {
        queue.async { [self] in
            guard infos.removeValue(forKey: table) != nil else { return }
            let index = insertionIndex(after: table - 1)
            if index < ids.count, ids[index] == table { ids.remove(at: index) }
            firstPages = [:]
        }
    }

    /// The connection closed: its `list more` position goes.
    func forget(_ connection: Connection) {
        queue.async { [self] in next[connection.id] = nil }
    }

    /// Answers `list` on `connection`: a page of the tables by id, after the query's cursor,
    /// or (plain `list more`) after the page this connection last received.
    func list(_ asked: ListQuery, id: RequestID?, connection: Connection) {
        queue.async { [self] in
            var query = asked
            if asked.more {
                guard let after = next[connection.id] else {
                    connection.send(encoder.line(.tables(TableList(tables: [])), id: id))
                    return
                }
                query = after
            }
            let page = self.page(query, id: id)
            next[connection.id] = page.nextCursor.map { ListQuery(limit: query.limit, cursor: $0) }
            connection.send(page.line)
        }
    }

    /// The index of the first id above `cursor` (binary search).
    private func insertionIndex(after cursor: Int) -> Int {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] <= cursor { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The `tables` line of one page and the cursor of the page after it. First pages are
    /// encoded once per page size after the tables last changed and then reused, with the
    /// request's id spliced in.
    private func page(_ query: ListQuery, id: RequestID?) -> (line: Data, nextCursor: Int?) {
        let start = query.cursor.map(insertionIndex(after:)) ?? 0
        let page = ids[start...].prefix(query.pageSize)
        let nextCursor = page.endIndex < ids.endIndex ? page.last : nil
        let event = { [self] in
            ServerEvent.tables(
                TableList(tables: page.compactMap { infos[$0] }, nextCursor: nextCursor))
        }
        guard query.cursor == nil else { return (encoder.line(event(), id: id), nextCursor) }
        let plain = firstPages[query.pageSize] ?? encoder.line(event())
        firstPages[query.pageSize] = plain
        return (encoder.line(event(), id: id, from: plain), nextCursor)
    }
}
