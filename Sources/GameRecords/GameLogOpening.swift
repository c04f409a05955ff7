import Dispatch
import Foundation
import LobbyProtocol
import WireJSON

/// Opening a game log directory: the checkpoint, then the lines after it.
///
/// Only a last line without its newline, at the end of the last segment, is a torn write: it
/// is cut off. Any other line that does not read as a record is corrupt: it stays in place, is
/// reported and skipped. Blank lines are ignored. Lines are read for what the index needs
/// (``IndexedRecord/read(_:)``), at the speed of reading the segments; a line that read does
/// not take is decoded in full before it counts as corrupt.
enum GameLogOpening {
    /// Replaying at least this many records at opening saves a fresh checkpoint.
    static let checkpointAfterReplaying = 1000

    /// How far reading the segments has come: bytes read of the bytes to read, and seconds.
    typealias Progress = @Sendable (_ read: Int, _ total: Int, _ seconds: Double) -> Void

    /// The index, the active (last) segment, and what was found. `progress` hears after each
    /// segment read, and once before the first with nothing read yet.
    static func open(directory: String, progress: Progress? = nil) throws(GameLogError)
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
        let total = index.segments.reduce(0) { total, coverage in
            total
                + max(
                    0, GameLogCheckpoint.fileSize(directory + "/" + coverage.name) - coverage.length
                )
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let elapsed = { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        progress?(0, total, 0)
        var replayed = 0
        var read = 0
        var torn = 0
        let decoder = WireCodec.makeDecoder()
        for position in index.segments.indices {
            let coverage = index.segments[position]
            let isLast = position == index.segments.count - 1
            try SegmentScanner.scan(
                path: directory + "/" + coverage.name, from: coverage.length,
                firstLine: coverage.lines + 1
            ) { line, bytes in
                if !line.terminated && isLast {
                    torn = line.length
                    return
                }
                let end = line.offset + line.length + (line.terminated ? 1 : 0)
                read += end - index.segments[position].length
                index.segments[position].length = end
                index.segments[position].lines = line.number
                guard !isBlank(bytes) else { return }
                let location = RecordLocation(
                    offset: Int64(line.offset), segment: UInt32(position),
                    length: UInt32(line.length))
                if let record = IndexedRecord.read(bytes) {
                    index.add(record, at: location, rankingLater: true)
                    replayed += 1
                } else if let record = try? decoder.decode(DealRecord.self, from: Data(bytes)) {
                    index.add(IndexedRecord(record), at: location, rankingLater: true)
                    replayed += 1
                } else {
                    index.corruptLines.append(
                        GameLogLine(segment: coverage.name, line: line.number))
                }
            }
            progress?(read, total, elapsed())
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
        recovery.bytesReplayed = read
        recovery.secondsReplaying = elapsed()
        return (index, active, recovery)
    }

    private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }
    }
}
