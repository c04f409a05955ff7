/// How far opening the game log has come in reading its segments: what a start-up reports
/// while it rebuilds the index of a log that no checkpoint covers.
public struct GameLogReading: Sendable, Equatable {
    /// The bytes read so far.
    public var bytesRead: Int
    /// The bytes to read in all: the segments' lengths past what the checkpoint covers.
    public var bytesTotal: Int
    /// The segments with bytes to read.
    public var segments: Int
    /// The segments read at once.
    public var threads: Int
    /// The seconds since reading began.
    public var seconds: Double

    /// A report of `bytesRead` of `bytesTotal` bytes in `segments` segments, `threads` at
    /// once, after `seconds`.
    public init(bytesRead: Int, bytesTotal: Int, segments: Int, threads: Int, seconds: Double) {
        self.bytesRead = bytesRead
        self.bytesTotal = bytesTotal
        self.segments = segments
        self.threads = threads
        self.seconds = seconds
    }
}
