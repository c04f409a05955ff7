import Foundation
import GameRecords
import LobbyProtocol

/// A fresh directory under the system's temporary directory, unique per test.
public struct TemporaryDirectory {
    /// Where the directory is (or will be, once created).
    public let url: URL

    /// A new directory's place; nothing is created yet.
    public init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("gamelog-tests-\(UUID().uuidString)", isDirectory: true)
    }

    /// The first segment file inside the directory (the one a new log writes to).
    public var logFile: URL { url.appendingPathComponent(LogSegments.name(1)) }

    /// A file inside the directory.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Deletes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }

    /// Creates the directory on disk (and any missing parents).
    public func create() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The first segment's bytes.
    public func logBytes() throws -> Data { try Data(contentsOf: logFile) }

    /// Appends raw bytes to a segment file (the first unless named), as a crash or a faulty
    /// disk might leave them.
    public func appendRaw(_ bytes: Data, to name: String = LogSegments.name(1)) throws {
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
    public var segments: [String] { LogSegments.list(in: url.path) }
}
