/// What loading the game log found besides good records: a torn last line left by a crash
/// (cut off the file) and corrupt lines in the middle (skipped, left in place).
public struct GameLogRecovery: Sendable, Equatable {
    /// The number of records loaded.
    public var recordsLoaded: Int
    /// The number of bytes of a torn last line cut off the end of the file; 0 when the file
    /// ended cleanly.
    public var tornTailBytes: Int
    /// The 1-based line numbers of unreadable lines before the last one, skipped.
    public var corruptLines: [Int]

    /// Creates a report.
    public init(recordsLoaded: Int, tornTailBytes: Int, corruptLines: [Int]) {
        self.recordsLoaded = recordsLoaded
        self.tornTailBytes = tornTailBytes
        self.corruptLines = corruptLines
    }

    /// True when the file held nothing but good, complete records.
    public var isClean: Bool { tornTailBytes == 0 && corruptLines.isEmpty }
}
