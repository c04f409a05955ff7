import Dispatch
import Foundation
import LobbyProtocol

/// Opening a game log directory: the checkpoint, then the lines after it.
///
/// Only a last line without its newline, at the end of the last segment, is a torn write: it
/// is cut off. Any other line that does not read as a record is corrupt: it stays in place, is
/// reported and skipped. Blank lines are ignored. Lines are read for what the index needs
/// (``IndexedRecord/read(_:)``), at the speed of reading the segments, several segments at
/// once (``SegmentScan``); a line that read does not take is decoded in full before it counts
/// as corrupt.
enum GameLogOpening {
    /// Replaying at least this many records at opening saves a fresh checkpoint.
    static let checkpointAfterReplaying = 1000

    /// Hears how far reading the segments has come.
    typealias Progress = @Sendable (GameLogReading) -> Void

    /// The index, the active (last) segment, and what was found. `progress` hears after each
    /// segment read, and once before the first with nothing read yet. Up to `threads`
    /// segments are read at once.
    static func open(
        directory: String, progress: Progress? = nil, threads: Int = readingThreads
    ) throws(GameLogError)
        -> (index: GameLogIndex, active: AppendOnlyFile, recovery: GameLogRecovery)
    {
        var names = LogSegments.list(in: directory)
        if names.isEmpty {
            names = [LogSegments.name(1)]
            _ = try AppendOnlyFile(path: directory + "/" + names[0])
        }
        var index: GameLogIndex
        var usedCheckpoint = true
        do {
            index = try GameLogCheckpoint.load(directory: directory, segments: names)
        } catch {
            index = GameLogIndex()
            usedCheckpoint = false
        }
        for name in names.dropFirst(index.segments.count) {
            index.segments.append(SegmentCoverage(name: name, length: 0, lines: 0))
        }
        let unread = index.segments.map { coverage in
            max(0, GameLogCheckpoint.fileSize(directory + "/" + coverage.name) - coverage.length)
        }
        let started = DispatchTime.now().uptimeNanoseconds
        var reading = GameLogReading(
            bytesRead: 0, bytesTotal: unread.reduce(0, +),
            segments: unread.filter { $0 > 0 }.count, threads: threads, seconds: 0)
        progress?(reading)
        var replayed = 0
        var torn = 0
        let jobs = index.segments.enumerated().map { position, coverage in
            SegmentScan.Job(
                path: directory + "/" + coverage.name, position: position,
                offset: coverage.length, firstLine: coverage.lines + 1,
                isLast: position == index.segments.count - 1)
        }
        try SegmentScan.inOrder(jobs, threads: threads) { job, scan throws(GameLogError) in
            let name = index.segments[job.position].name
            reading.bytesRead += scan.length - job.offset
            index.segments[job.position].length = scan.length
            index.segments[job.position].lines = scan.lines
            for (record, location) in scan.records {
                index.add(record, at: location, rankingLater: true)
            }
            replayed += scan.records.count
            index.corruptLines += scan.corruptLines.map { GameLogLine(segment: name, line: $0) }
            torn = scan.tornBytes
            reading.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            progress?(reading)
        }
        index.rankLeaderboards()
        var removed: [String] = []
        if !usedCheckpoint,
            let earlier = GameLogCheckpoint.inspect(directory: directory, segments: names)
        {
            // This log's own checkpoint, which no longer fits: what it counted stays counted.
            removed = earlier.removed
            if earlier.lastRecordNumber > index.lastRecordNumber {
                index.missingRecords.append(
                    (index.lastRecordNumber + 1)...earlier.lastRecordNumber)
                index.lastRecordNumber = earlier.lastRecordNumber
            }
            index.highestTable = max(index.highestTable, earlier.highestTable)
        }
        let active = try AppendOnlyFile(path: directory + "/" + names[names.count - 1])
        if torn > 0, let last = index.segments.last { try active.truncate(to: last.length) }
        var recovery = GameLogRecovery(
            recordsLoaded: index.count, tornTailBytes: torn, corruptLines: index.corruptLines,
            usedCheckpoint: usedCheckpoint, recordsReplayed: replayed)
        recovery.missingSegments = Array(Set(LogSegments.missing(from: names) + removed)).sorted()
        recovery.missingRecords = index.missingRecords
        recovery.bytesReplayed = reading.bytesRead
        recovery.secondsReplaying = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return (index, active, recovery)
    }

    /// The segments read at once: one per processor.
    static var readingThreads: Int { ProcessInfo.processInfo.activeProcessorCount }
}
