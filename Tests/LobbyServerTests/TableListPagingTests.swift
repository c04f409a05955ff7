import Foundation
import LobbyProtocol
import Testing

/// `list` through a real socket: pages by table id with a limit and a cursor, plain
/// `list more` in text mode, bad input refused, and replies far inside the output buffer.
@Suite("Table list paging")
struct TableListPagingTests {
    /// The output buffer each connection has on the server.
    static let outputBuffer = 262_144

    /// `count` people, each with a waiting table of their own; returns them (they must stay
    /// connected, or their tables end) and the table ids.
    static func lobby(
        _ server: TestServer, tables count: Int, name: (Int) -> String = { "t\($0)" }
    ) throws -> (creators: [TestPlayer], ids: [Int]) {
        var creators: [TestPlayer] = []
        var ids: [Int] = []
        for index in 0..<count {
            let creator = try server.login("p\(index)")
            let create = #"{"type":"create","turn_seconds":0,"name":"\#(name(index))"}"#
            guard case .created(let notice) = try creator.request(create, expect: "created").event
            else { throw TestFailure("no created") }
            creators.append(creator)
            ids.append(notice.table.id)
        }
        return (creators, ids)
    }

    /// The `tables` reply to `line`, and its length in bytes on the wire.
    static func page(_ player: TestPlayer, _ line: String) throws -> (TableList, Int) {
        let reply = try player.request(line, expect: "tables")
        guard case .tables(let list) = reply.event else { throw TestFailure("no tables") }
        return (list, player.lines.last?.utf8.count ?? 0)
    }

    @Test("paging by cursor returns every table exactly once, in id order")
    func pagingCoversEveryTableOnce() throws {
        let server = try TestServer()
        let (creators, ids) = try Self.lobby(server, tables: 23)
        let lister = try server.login("lister")
        var seen: [Int] = []
        var cursor: Int?
        var pages = 0
        repeat {
            let field = cursor.map { #","cursor":\#($0)"# } ?? ""
            let (list, _) = try Self.page(lister, #"{"type":"list","limit":5\#(field)}"#)
            #expect(list.tables.count <= 5)
            seen += list.tables.map(\.id)
            cursor = list.nextCursor
            pages += 1
        } while cursor != nil && pages < 10
        #expect(pages == 5)
        #expect(seen == ids.sorted())
        let (first, _) = try Self.page(lister, #"{"type":"list"}"#)
        #expect(first.tables.count == ListQuery.defaultLimit)
        #expect(first.nextCursor == first.tables.last?.id)
        let (all, _) = try Self.page(lister, #"{"type":"list","limit":100000}"#)
        #expect(all.tables.map(\.id) == ids.sorted() && all.nextCursor == nil)
        let (past, _) = try Self.page(lister, #"{"type":"list","cursor":100000}"#)
        #expect(past.tables.isEmpty && past.nextCursor == nil)
        #expect(creators.count == 23)
    }

    @Test("a table created between pages is listed once, a table gone is skipped")
    func pagingSurvivesChanges() throws {
        let server = try TestServer()
        var (creators, ids) = try Self.lobby(server, tables: 6)
        let lister = try server.login("lister")
        let (first, _) = try Self.page(lister, #"{"type":"list","limit":3}"#)
        let cursor = try #require(first.nextCursor)
        try creators[0].request("leave", expect: "left")
        try creators[4].request("leave", expect: "left")
        let late = try server.login("late")
        guard case .created(let notice) = try late.request("create", expect: "created").event
        else { throw TestFailure("no created") }
        ids.append(notice.table.id)
        creators.append(late)
        let (second, _) = try Self.page(lister, #"{"type":"list","limit":3,"cursor":\#(cursor)}"#)
        #expect(first.tables.map(\.id) == Array(ids[0..<3]))
        #expect(second.tables.map(\.id) == [ids[3], ids[5], ids[6]])
        #expect(second.nextCursor == nil)
    }

    @Test(
        "a bad limit or cursor gets invalid_field and changes nothing",
        arguments: [
            #"{"type":"list","limit":0}"#, #"{"type":"list","limit":-3}"#,
            #"{"type":"list","limit":2.5}"#, #"{"type":"list","limit":"ten"}"#,
            #"{"type":"list","cursor":-1}"#, #"{"type":"list","cursor":"x"}"#,
            #"{"type":"list","cursor":1e30}"#, "list 5", "list more please",
        ])
    func badPagingIsRefused(line: String) throws {
        let server = try TestServer()
        let (creators, _) = try Self.lobby(server, tables: 3)
        let lister = try server.login("lister")
        #expect(try lister.errorCode(for: line) == .invalidField)
        let (list, _) = try Self.page(lister, #"{"type":"list","limit":2}"#)
        #expect(list.tables.count == 2 && list.nextCursor != nil)
        #expect(creators.count == 3)
    }

    @Test("plain list and list more page in text mode")
    func plainListPages() throws {
        let server = try TestServer()
        let (creators, ids) = try Self.lobby(server, tables: ListQuery.defaultLimit + 3)
        let client = try server.textLogin("tex")
        try client.send("list")
        let first = try client.readLines { $0.hasPrefix("more tables") }
        #expect(first.count == ListQuery.defaultLimit + 1)
        #expect(first.first?.hasPrefix("table \(ids[0]) ") == true)
        try client.send("list more")
        let second = try client.readLines { $0.hasPrefix("table \(ids.last ?? 0) ") }
        #expect(second.count == 3)
        try client.send("list more")
        #expect(try client.readLine() == "no more tables: type list for the first page")
        #expect(creators.count == ids.count)
    }

    @Test("with 500 tables of the longest names, every page is far inside the output buffer")
    func fiveHundredTablesFit() throws {
        let server = try TestServer(
            maxClients: 600, maxClientsPerAddress: 600, maxTablesPerAddress: 500)
        // 32 backslashes and 8 four-byte characters: 40 characters and 64 bytes, the most a
        // table name may have, and the longest once escaped in JSON (96 bytes; a quote, which
        // escapes as long, is refused in table names).
        let longest = String(repeating: #"\\"#, count: 32) + String(repeating: "𝄞", count: 8)
        let (creators, ids) = try Self.lobby(server, tables: 500) { _ in longest }
        let lister = try server.login("lister")
        var largest = 0
        var seen: [Int] = []
        var cursor: Int?
        repeat {
            let field = cursor.map { #","cursor":\#($0)"# } ?? ""
            let (list, bytes) = try Self.page(lister, #"{"type":"list","limit":1000\#(field)}"#)
            #expect(list.tables.count <= ListQuery.maximumLimit)
            largest = max(largest, bytes)
            seen += list.tables.map(\.id)
            cursor = list.nextCursor
        } while cursor != nil && seen.count <= ids.count
        #expect(seen == ids.sorted())
        #expect(largest > 0 && largest < Self.outputBuffer / 4, "largest page \(largest) bytes")
        #expect(creators.count == 500)
    }
}
