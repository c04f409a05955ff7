import CardGames
import Foundation
import GameRecords
import LobbyClient
import LobbyProtocol
import Testing
import TestSupport

/// The server killed just after the game log made a record durable and before the journal
/// said so (the journal is cut back to that moment): after the restart the deal is found in
/// the log and not stored again, and every deal of the table is stored exactly once.
@Suite(.serialized) struct CrashWindowTests {
    @Test func aRecordDurableBeforeItsJournalLineIsStoredOnce() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-crash-window-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = [
            "--bot-delay-ms", "40", "--seed", "31", "--data-dir", data.path, "--log-level",
            "error",
        ]
        let first = try ServerProcess(arguments: arguments)
        let owner = ClientSession(
            address: ServerAddress(host: "127.0.0.1", port: first.port), name: "owner")
        try owner.connect()
        defer { owner.close() }
        _ = try owner.call(.create(CreateTable(kind: .bigtwo, allBots: true, games: 3)))
        let segment = data.appendingPathComponent(LogSegments.name(1))
        #expect(Self.wait { Self.lineCount(segment) >= 1 })
        first.stop(signal: SIGKILL)
        try #require(Self.lineCount(segment) == 1)

        // Cut the journal back to just before the line saying the record was stored (the
        // kill often lands in that window by itself).
        let journal = data.appendingPathComponent("tables.journal")
        let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
        let recordLine =
            lines.firstIndex { $0.contains(#""kind":"record""#) } ?? lines.endIndex
        #expect(lines[..<recordLine].contains { $0.contains(#""kind":"storing""#) })
        try (lines[..<recordLine].joined(separator: "\n") + "\n")
            .write(to: journal, atomically: true, encoding: .utf8)

        let second = try ServerProcess(arguments: arguments, port: first.port)
        #expect(Self.wait { Self.lineCount(segment) >= 3 })
        second.stop(signal: SIGTERM)

        let log = try GameLog(directory: data.path)
        let ids = log.records.map(\.dealID)
        #expect(ids.count == 3, "\(ids)")
        #expect(Set(ids).count == ids.count)
        #expect(log.records.map(\.deal) == [1, 2, 3])
        let verified = try ExecutableRun("bigtwo-client", ["verify", "--record", data.path])
        #expect(verified.status == 0, "\(verified.output)\(verified.errors)")
    }

    /// The number of whole lines in `url` (0 when it does not exist).
    private static func lineCount(_ url: URL) -> Int {
        guard let bytes = try? Data(contentsOf: url) else { return 0 }
        return bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// Waits up to 60 s for `condition`, looking every 5 ms.
    private static func wait(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }
}
