import Foundation
import LobbyProtocol
import Testing

/// The small games' settings in table descriptions, through a real socket: `first` for
/// tic-tac-toe, `pairs` for memory, `segments` and `max_stake` for roulette, in JSON and in
/// text mode.
@Suite("Table settings in lists")
struct TableSettingsListTests {
    /// One table of each kind, the small games with settings other than the defaults; returns
    /// the creators, who must stay connected.
    private static func tables(_ server: TestServer) throws -> [TestPlayer] {
        let creates = [
            #"{"type":"create","turn_seconds":0}"#,
            #"{"type":"create","kind":"ecard","turn_seconds":0}"#,
            #"{"type":"create","kind":"tictactoe","first":"x","turn_seconds":0}"#,
            #"{"type":"create","kind":"memory","pairs":5,"turn_seconds":0}"#,
            #"{"type":"create","kind":"roulette","segments":20,"max_stake":50,"turn_seconds":0}"#,
        ]
        return try creates.enumerated().map { index, create in
            let creator = try server.login("c\(index)")
            try creator.request(create, expect: "created")
            return creator
        }
    }

    /// The words before the bots in a text table line: `memory, 5 pairs` from
    /// `table 4 "c3's table" (memory, 5 pairs, smart bots, …`.
    private static func gameWords(_ line: String) -> String {
        let open = line.firstIndex(of: "(").map(line.index(after:)) ?? line.endIndex
        return line[open...].components(separatedBy: ", smart bots")[0]
    }

    @Test("each small game's list entry carries its settings, and no other kind's")
    func jsonDescriptionsCarryTheSettings() throws {
        let server = try TestServer()
        let creators = try Self.tables(server)
        let lister = try server.login("lister")
        guard case .tables(let list) = try lister.request("list", expect: "tables").event else {
            throw TestFailure("no tables")
        }
        let found = list.tables.map { info in
            [info.first] + [info.pairs, info.segments, info.maxStake].map { $0.map(String.init) }
        }
        #expect(list.tables.map(\.kind) == [.bigtwo, .ecard, .tictactoe, .memory, .roulette])
        #expect(
            found == [
                [nil, nil, nil, nil], [nil, nil, nil, nil], ["x", nil, nil, nil],
                [nil, "5", nil, nil], [nil, nil, "20", "50"],
            ])
        let line = try #require(lister.lines.last)
        #expect(line.contains(#""first":"x""#) && line.contains(#""pairs":5"#))
        #expect(line.contains(#""max_stake":50"#) && line.contains(#""segments":20"#))
        #expect(creators.count == 5)
    }

    @Test("a default small-game table names its defaults, and text mode says them in words")
    func textLinesNameTheSettings() throws {
        let server = try TestServer()
        let creators = try Self.tables(server)
        let plain = try server.login("plain")
        try plain.request(#"{"type":"create","kind":"memory","turn_seconds":0}"#, expect: "created")
        let client = try server.textLogin("tex")
        try client.send("list")
        let lines = try client.readLines { $0.hasPrefix("table 6 ") }
        #expect(
            lines.map(Self.gameWords) == [
                "big two standard", "e-card", "tic-tac-toe, x first", "memory, 5 pairs",
                "roulette, 20 segments, stakes up to 50", "memory, 8 pairs",
            ])
        #expect(creators.count == 5)
    }
}
