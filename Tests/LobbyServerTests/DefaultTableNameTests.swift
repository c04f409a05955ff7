import LobbyProtocol
import Testing

/// The name a table gets when its creator gives none, through a real socket.
@Suite("Default table name")
struct DefaultTableNameTests {
    /// The name of the table `player` creates without naming it.
    private static func createdName(_ player: TestPlayer) throws -> String {
        let reply = try player.request(#"{"type":"create","turn_seconds":0}"#, expect: "created")
        guard case .created(let notice) = reply.event else { throw TestFailure("no created") }
        return notice.table.name
    }

    @Test("a short name gets <name>'s table")
    func shortNameIsKept() throws {
        let server = try TestServer()
        #expect(try Self.createdName(server.login("ann")) == "ann's table")
    }

    @Test("a 24-character, 64-byte name is cut at a character boundary so the table name fits")
    func longNameIsCutToFit() throws {
        let server = try TestServer()
        // "abc", 20 e's each with a combining grave accent below (3 bytes, one character, and
        // no composed form to replace it), "d":
        // 24 characters and 64 bytes. With "'s table" only 56 bytes are left for the name, and
        // the 56th byte falls between an 18th e and its accent.
        let accented = "e\u{316}"
        let name = "abc" + String(repeating: accented, count: 20) + "d"
        #expect(name.count == TextRules.nameCharacters && name.utf8.count == TextRules.nameBytes)
        let tableName = try Self.createdName(server.login(name))
        let expected = "abc" + String(repeating: accented, count: 17) + "'s table"
        #expect(Array(tableName.utf8) == Array(expected.utf8))
        #expect(tableName.utf8.count <= TextRules.tableNameBytes)
        #expect(try TextRules.tableName(tableName) == tableName)
        let lister = try server.login("lister")
        guard case .tables(let list) = try lister.request("list", expect: "tables").event else {
            throw TestFailure("no tables")
        }
        #expect(list.tables.map(\.name) == [tableName])
    }
}
