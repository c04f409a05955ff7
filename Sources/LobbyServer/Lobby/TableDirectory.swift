import Dispatch
import Foundation
import LobbyProtocol
import Locking

/// The table list: each open table's latest description, and the pages of `list`, answered on
/// a queue of its own.
///
/// Tables push their descriptions here directly, and the lobby hands over each `list` it
/// routes, so neither keeps the lobby's queue busy: with hundreds of busy tables a page was
/// encoded afresh at nearly every request, on the queue every other lobby request waits for.
/// The lobby adds a table before it hands the table any request, and removes it when the table
/// has finished, so a page never lists a table the lobby does not know, and a `list` sent
/// after a `create` is answered after the table is added.
final class TableDirectory: Sendable {
    let queue = DispatchQueue(label: "LobbyServer.tableDirectory")
    private let encoder = ServerMessageEncoder()
    private let state: QueueBound<Listing>

    init() {
        state = QueueBound(Listing(), queue: queue)
    }

    /// A table opened (or was restored): it is listed from now on.
    func add(_ info: TableInfo) {
        queue.async { [self] in state.withValue { $0.add(info) } }
    }

    /// A listed table's description changed; ignored once the table is gone.
    func update(_ info: TableInfo) {
        queue.async { [self] in state.withValue { $0.update(info) } }
    }

    /// A table finished: it is listed no more.
    func remove(_ table: Int) {
        queue.async { [self] in state.withValue { $0.remove(table) } }
    }

    /// The connection closed: its `list more` position goes.
    func forget(_ connection: Connection) {
        queue.async { [self] in state.withValue { $0.next[connection.id] = nil } }
    }

    /// Answers `list` on `connection`: a page of the tables by id, after the query's cursor,
    /// or (plain `list more`) after the page this connection last received. `answered` runs
    /// once the page is sent.
    func list(
        _ asked: ListQuery, id: RequestID?, connection: Connection,
        answered: @escaping @Sendable () -> Void = {}
    ) {
        queue.async { [self] in
            defer { answered() }
            let line = state.withValue { listing -> Data in
                var query = asked
                if asked.more {
                    guard let after = listing.next[connection.id] else {
                        return encoder.line(.tables(TableList(tables: [])), id: id)
                    }
                    query = after
                }
                let page = listing.page(query, id: id, encoder: encoder)
                listing.next[connection.id] = page.nextCursor.map {
                    ListQuery(limit: query.limit, cursor: $0)
                }
                return page.line
            }
            connection.send(line)
        }
    }
}

/// The directory's state: the tables' descriptions by id, in order, and the pages made of them.
private struct Listing {
    var infos: [Int: TableInfo] = [:]
    /// The ids of `infos`, in order: tables get ever higher ids, so a new one goes last.
    var ids: [Int] = []
    /// The first page (no cursor) without an id, by page size, encoded once per change.
    var firstPages: [Int: Data] = [:]
    /// Where each connection's plain `list more` continues.
    var next: [Int: ListQuery] = [:]

    mutating func add(_ info: TableInfo) {
        if infos.updateValue(info, forKey: info.id) == nil {
            if let last = ids.last, last > info.id {
                ids.insert(info.id, at: index(after: info.id - 1))
            } else {
                ids.append(info.id)
            }
        }
        firstPages = [:]
    }

    mutating func update(_ info: TableInfo) {
        guard infos[info.id] != nil else { return }
        infos[info.id] = info
        firstPages = [:]
    }

    mutating func remove(_ table: Int) {
        guard infos.removeValue(forKey: table) != nil else { return }
        let at = index(after: table - 1)
        if at < ids.count, ids[at] == table { ids.remove(at: at) }
        firstPages = [:]
    }

    /// The index of the first id above `cursor` (binary search).
    func index(after cursor: Int) -> Int {
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
    mutating func page(_ query: ListQuery, id: RequestID?, encoder: ServerMessageEncoder)
        -> (line: Data, nextCursor: Int?)
    {
        let start = query.cursor.map(index(after:)) ?? 0
        let page = ids[start...].prefix(query.pageSize)
        let nextCursor = page.endIndex < ids.endIndex ? page.last : nil
        let infos = self.infos
        let event = {
            ServerEvent.tables(
                TableList(tables: page.compactMap { infos[$0] }, nextCursor: nextCursor))
        }
        guard query.cursor == nil else { return (encoder.line(event(), id: id), nextCursor) }
        let plain = firstPages[query.pageSize] ?? encoder.line(event())
        firstPages[query.pageSize] = plain
        return (encoder.line(event(), id: id, from: plain), nextCursor)
    }
}
