import GameRecords
import LobbyProtocol
import Testing
import TestSupport

/// `list`, `history` and `leaderboard` through a real socket: the same limit and cursor rules
/// for all three, and the same words when they refuse one.
@Suite("Paged list rules")
struct PagedListRulesTests {
    /// The three paged requests: type, its reply's type, its cap and what its items are called.
    static let lists: [(type: String, reply: String, cap: Int, items: String)] = [
        ("list", "tables", ListQuery.maximumLimit, "tables"),
        ("history", "history", HistoryQuery.maximumLimit, "entries"),
        ("leaderboard", "leaderboard", LeaderboardQuery.maximumLimit, "rows"),
    ]

    /// A server whose log holds `deals` Big Two deals, each of four people of its own.
    private static func server(deals: Int, in dir: TemporaryDirectory) throws -> TestServer {
        let log = try GameLog(directory: dir.url)
        try log.append(contentsOf: (1...deals).map { n in
            madeRecord(
                table: n, players: (0..<4).map { "p\(n)s\($0)" }, winner: n % 4,
                scores: [n, -1, -2, 3 - n])
        })
        return try TestServer(seed: 1, recorder: log, maxTablesPerAddress: 500)
    }

    /// The start of the refusal of a limit below 1; CAP and ITEMS stand for the list's own.
    static let tooSmall = "field 'limit' must be at least 1 (a page holds at most CAP ITEMS), not "

    /// Bad paging fields and the refusal each gets.
    static let badFields = [
        (#""limit":0"#, tooSmall + "0"),
        (#""limit":-3"#, tooSmall + "-3"),
        (#""limit":2.5"#, "field 'limit' must be a whole number, not 2.5"),
        (#""limit":"ten""#, "field 'limit' must be a number, not a string"),
        (#""cursor":-1"#, "field 'cursor' must be a next_cursor from an earlier reply, not -1"),
        (#""cursor":"x""#, "field 'cursor' must be a number, not a string"),
    ]

    @Test(
        "a bad limit or cursor gets the same invalid_field from all three and changes nothing",
        arguments: badFields)
    func badPagingIsRefusedAlike(field: String, message: String) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let server = try Self.server(deals: 3, in: dir)
        let creator = try server.login("ann")
        try creator.request(#"{"type":"create","turn_seconds":0}"#, expect: "created")
        let eve = try server.login("eve")
        for list in Self.lists {
            try eve.send(#"{"type":"\#(list.type)",\#(field),"id":7}"#)
            let reply = try eve.errorReply()
            let expected = message.replacingOccurrences(of: "CAP", with: "\(list.cap)")
                .replacingOccurrences(of: "ITEMS", with: list.items)
            #expect(reply.code == .invalidField, "\(list.type)")
            #expect(reply.message == expected, "\(list.type)")
            let good = try eve.request(#"{"type":"\#(list.type)","limit":1}"#, expect: list.reply)
            #expect(good.event.type == list.reply)
        }
    }

    @Test("a limit above the cap counts as the cap in all three")
    func limitsAboveTheCapAreCapped() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let deals = LeaderboardQuery.maximumLimit / 4 + 1
        let server = try Self.server(deals: max(deals, HistoryQuery.maximumLimit + 1), in: dir)
        let (creators, _) = try TableListPagingTests.lobby(
            server, tables: ListQuery.maximumLimit + 1)
        let eve = try server.login("eve")
        let big = #""limit":100000"#
        guard case .tables(let tables) = try eve.request(
            #"{"type":"list",\#(big)}"#, expect: "tables").event,
            case .history(let history) = try eve.request(
                #"{"type":"history",\#(big)}"#, expect: "history").event,
            case .leaderboard(let board) = try eve.request(
                #"{"type":"leaderboard",\#(big)}"#, expect: "leaderboard").event
        else { throw TestFailure("a reply of the wrong type") }
        #expect(tables.tables.count == ListQuery.maximumLimit && tables.nextCursor != nil)
        #expect(history.deals.count == HistoryQuery.maximumLimit && history.nextCursor != nil)
        #expect(board.players.count == LeaderboardQuery.maximumLimit && board.nextCursor != nil)
        #expect(creators.count == ListQuery.maximumLimit + 1)
    }
}
