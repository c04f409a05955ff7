import Foundation
import LobbyProtocol

/// The durable game log: `<directory>/games.jsonl`, one ``DealRecord`` per line.
///
/// Opening the log loads every record (recovering from a crash, see ``recovery``); each
/// ``append(_:)`` is on the disk before it returns, so a result announced after it survives a
/// crash. `history` and `leaderboard` are answered from memory. Every method may be called
/// from any thread; calls are serialized by a lock.
public final class GameLog: @unchecked Sendable {
    /// The name of the log file inside the data directory.
    public static let fileName = "games.jsonl"
    /// The number of records `history` returns unless asked otherwise.
    public static let defaultHistoryLimit = 20
    /// The most records `history` returns.
    public static let maximumHistoryLimit = 200

    /// The log file.
    public let fileURL: URL
    /// What loading found besides good records.
    public let recovery: GameLogRecovery

    private let lock = NSLock()
    private let file: GameLogFile
    private let encoder = WireCodec.makeEncoder()
    private var index = GameLogIndex()

    /// Opens the log in `directory` (created if missing) and loads its records. A torn last
    /// line is cut off the file; corrupt lines before it are skipped. Both are reported in
    /// ``recovery``.
    public init(directory: URL) throws(GameLogError) {
        let directoryPath = directory.path
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: directoryPath, reason: "\(error)")
        }
        fileURL = directory.appendingPathComponent(Self.fileName)
        let path = fileURL.path
        file = try GameLogFile(path: path, directory: directoryPath)
        let bytes: Data
        do {
            bytes = try Data(contentsOf: fileURL)
        } catch {
            throw .cannotRead(path: path, reason: "\(error)")
        }
        let scan = GameLogScan(bytes)
        let torn = bytes.count - scan.goodLength
        if torn > 0 { try file.truncate(to: scan.goodLength) }
        for record in scan.records { index.add(record) }
        recovery = GameLogRecovery(
            recordsLoaded: scan.records.count, tornTailBytes: torn,
            corruptLines: scan.corruptLines)
    }

    /// Opens the log in the directory at `path`; see ``init(directory:)-(URL)``.
    public convenience init(directory path: String) throws(GameLogError) {
        try self.init(directory: URL(fileURLWithPath: path, isDirectory: true))
    }

    /// Numbers `record` after the last record in the log, writes it as one line and flushes
    /// it to the disk. Returns the record as stored. When it throws, nothing was added.
    @discardableResult
    public func append(_ record: DealRecord) throws(GameLogError) -> DealRecord {
        lock.lock()
        defer { lock.unlock() }
        var stored = record
        stored.record = index.lastRecordNumber + 1
        var line: [UInt8]
        do {
            line = Array(try encoder.encode(stored))
        } catch {
            throw .cannotEncode("\(error)")
        }
        line.append(UInt8(ascii: "\n"))
        try file.appendLine(line)
        index.add(stored)
        return stored
    }

    /// Finished deals, most recent first: all of them, or those `player` sat in. `limit` is
    /// clamped to `0...maximumHistoryLimit`.
    public func history(player: String? = nil, limit: Int = defaultHistoryLimit)
        -> [DealSummary]
    {
        let clamped = min(max(limit, 0), Self.maximumHistoryLimit)
        return withLock { $0.recent(player: player, limit: clamped).map(\.summary) }
    }

    /// Each player's deals, wins and total score (bots left out): highest score first, then
    /// by name.
    public func leaderboard() -> [LeaderboardRow] {
        withLock { $0.leaderboard() }
    }

    /// The leaderboard of each kind of game played so far, by the kind's wire name.
    public func leaderboardsByKind() -> [String: [LeaderboardRow]] {
        withLock { $0.leaderboardsByKind() }
    }

    /// The record with this number, if the log holds it.
    public func record(number: Int) -> DealRecord? {
        withLock { $0.record(number: number) }
    }

    /// Every record in log order.
    public var records: [DealRecord] {
        withLock { $0.records }
    }

    /// The number of records in the log.
    public var count: Int {
        withLock { $0.records.count }
    }

    private func withLock<T>(_ body: (GameLogIndex) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(index)
    }
}
