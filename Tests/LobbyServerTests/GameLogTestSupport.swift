import CardGames
import Foundation
import GameRecords
import LobbyProtocol

/// A fresh directory under the system's temporary directory, unique per test.
struct TemporaryDirectory {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gamelog-tests-\(UUID().uuidString)", isDirectory: true)
    }

    /// The first segment file inside the directory (the one a new log writes to).
    var logFile: URL { url.appendingPathComponent(LogSegments.name(1)) }

    /// A file inside the directory.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Creates the directory on disk (and any missing parents).
    func create() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The first segment's bytes.
    func logBytes() throws -> Data { try Data(contentsOf: logFile) }

    /// Appends raw bytes to a segment file (the first unless named), as a crash or a faulty
    /// disk might leave them.
    func appendRaw(_ bytes: Data, to name: String = LogSegments.name(1)) throws {
        let url = file(name)
        if !FileManager.default.fileExists(atPath: url.path) {
            try create()
            try Data().write(to: url)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: bytes)
    }

    /// The segment files present, in log order.
    var segments: [String] { LogSegments.list(in: url.path) }
}

/// A hand-made E-Card hand record of match `match` at `table` (not replayable).
func madeHand(
    table: Int = 2, match: Int = 1, hand: Int, players: [String] = ["ann", "bot:smart"],
    winner: Int, payout: Int, handsPerMatch: Int = 3
) -> DealRecord {
    var scores = [0, 0]
    scores[winner] = payout
    scores[1 - winner] = -payout
    return DealRecord(
        record: 0, finishedAt: 1_700_000_000_000, table: table, tableName: "e\(table)",
        kind: .ecard, deal: match, hand: hand, players: players,
        ecard: ECardOptions(handsPerMatch: handsPerMatch, swapInterval: 1),
        moves: [],
        result: DealOutcome(
            winner: winner, scores: scores, winningSide: payout > 1 ? .slave : .emperor,
            decidingPlay: 1))
}

/// Options that roll segments over after about `bytes` bytes and checkpoint every
/// `checkpointEvery` records.
func smallSegments(_ bytes: Int = 4096, checkpointEvery: Int = 1_000_000) -> GameLog.Options {
    GameLog.Options(segmentBytes: bytes, checkpointInterval: checkpointEvery)
}
