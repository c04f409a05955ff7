/// A line of a game log segment: the file's name and the 1-based line number.
public struct GameLogLine: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The segment file's name.
    public var segment: String
    /// The line number in that file, from 1.
    public var line: Int

    /// A reference to line `line` of `segment`.
    public init(segment: String, line: Int) {
        self.segment = segment
        self.line = line
    }

    public var description: String { "\(segment) line \(line)" }
}

/// What opening the game log found besides good records: a torn last line left by a crash
/// (cut off the file), and unreadable lines elsewhere (kept in place, skipped).
public struct GameLogRecovery: Sendable, Equatable {
    /// The number of records the log holds.
    public var recordsLoaded: Int
    /// The number of bytes of a torn last line (one without its newline) cut off the end of
    /// the last segment; 0 when it ended cleanly.
    public var tornTailBytes: Int
    /// Every unreadable line kept in the segments and skipped (including those found before
    /// the checkpoint).
    public var corruptLines: [GameLogLine]
    /// True when a valid checkpoint was loaded, so only the lines after it were read.
    public var usedCheckpoint: Bool
    /// The number of records read from the segments at opening (those after the checkpoint,
    /// or all of them without one).
    public var recordsReplayed: Int
    /// Segment files missing from the numbered series (a segment removed: its records are
    /// gone).
    public var missingSegments: [String] = []
    /// Record numbers no line holds: gaps in the numbering (a segment removed, or an
    /// unreadable line).
    public var missingRecords: [ClosedRange<Int>] = []
    /// The bytes of segments read at opening, and how long reading them took, in seconds.
    public var bytesReplayed = 0
    public var secondsReplaying = 0.0

    /// Creates a report.
    public init(
        recordsLoaded: Int, tornTailBytes: Int, corruptLines: [GameLogLine],
        usedCheckpoint: Bool = false, recordsReplayed: Int = 0
    ) {
        self.recordsLoaded = recordsLoaded
        self.tornTailBytes = tornTailBytes
        self.corruptLines = corruptLines
        self.usedCheckpoint = usedCheckpoint
        self.recordsReplayed = recordsReplayed
    }

    /// True when the segments held nothing but good, complete records, none missing.
    public var isClean: Bool {
        tornTailBytes == 0 && corruptLines.isEmpty && missingSegments.isEmpty
            && missingRecords.isEmpty
    }
}
