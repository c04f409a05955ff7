import CardGames
import Foundation
import LobbyProtocol

@testable import LobbyServer

/// A fresh directory under the system's temporary directory, unique per test.
struct TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gamelog-tests-\(UUID().uuidString)", isDirectory: true)
    }

    /// The game log file inside the directory.
    var logFile: URL { url.appendingPathComponent(GameLog.fileName) }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// The log file's bytes.
    func logBytes() throws -> Data { try Data(contentsOf: logFile) }

    /// Appends raw bytes to the log file, as a crash or a faulty disk might leave them.
    func appendRaw(_ bytes: Data) throws {
        let handle = try FileHandle(forWritingTo: logFile)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes)
    }
}

/// A hand-made Big Two record with a chosen winner and scores, for history and leaderboard
/// tests (not replayable).
func madeRecord(table: Int = 1, players: [String], winner: Int, scores: [Int]) -> DealRecord {
    DealRecord(
        record: 0, finishedAt: 1_700_000_000_000, table: table, tableName: "t\(table)",
        kind: .bigtwo, deal: 1, players: players, options: .standard, moves: [],
        result: DealOutcome(winner: winner, scores: scores))
}
