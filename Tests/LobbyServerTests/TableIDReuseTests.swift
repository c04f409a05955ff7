import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport

/// A table id the game log holds is never given again: not after the journal that counts
/// ids is lost, and not by a server that keeps no journal, so `history` never shows one
/// (table, deal) twice with different cards.
@Suite(.serialized) struct TableIDReuseTests {
    @Test(arguments: [false, true])
    func aNewTableTakesAnIdPastTheGameLogs(withoutJournal: Bool) throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-table-ids-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments =
            ["--data-dir", data.path, "--bot-delay-ms", "0", "--log-level", "error"]
            + (withoutJournal ? ["--no-journal"] : [])
        let first = try ServerProcess(arguments: arguments)
        let owner = try TestPlayer(port: first.port)
        try owner.request(jsonHello("owner"), expect: "welcome")
        for _ in 0..<3 {
            try owner.request("create tictactoe allbots games=1", expect: "created")
        }
        let segment = data.appendingPathComponent(LogSegments.name(1))
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline,
            ((try? String(contentsOf: segment, encoding: .utf8)) ?? "").split(separator: "\n")
                .count < 3
        {
            Thread.sleep(forTimeInterval: 0.01)
        }
        first.stop(signal: SIGTERM)
        // The journal, which counts the ids, is lost.
        try? FileManager.default.removeItem(at: data.appendingPathComponent("tables.journal"))

        let second = try ServerProcess(arguments: arguments)
        let again = try TestPlayer(port: second.port)
        try again.request(jsonHello("again"), expect: "welcome")
        guard case .created(let created) = try again.request("create", expect: "created").event
        else {
            Issue.record("no table")
            return
        }
        second.stop(signal: SIGTERM)
        let log = try GameLog(directory: data.path)
        let tables = Set(log.records.map(\.table))
        #expect(tables == [1, 2, 3])
        #expect(created.table.id == 4)
    }
}
