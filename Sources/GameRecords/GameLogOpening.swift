import Foundation
import LobbyProtocol
import WireJSON

/// Opening a game log directory: the checkpoint, then the lines after it.
///
/// Only a last line without its newline, at the end of the last segment, is a torn write: it
/// is cut off. Any other line that does not decode is corrupt: it stays in place, is reported
/// and skipped. Blank lines are ignored.
enum GameLogOpening {
    /// Replaying at least this many records at opening saves a fresh checkpoint.
    static let checkpointAfterReplaying = 1000

    /// The index, the active (last) segment, and what was found.
    static func open(directory: String) throws(GameLogError)
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
        var replayed = 0
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
                index.segments[position].length = end
                index.segments[position].lines = line.number
                guard !isBlank(bytes) else { return }
                let location = RecordLocation(
                    offset: Int64(line.offset), segment: UInt32(position),
                    length: UInt32(line.length))
                if let record = try? decoder.decode(DealRecord.self, from: Data(bytes)) {
                    index.add(record, at: location)
                    replayed += 1
                } else {
                    index.corruptLines.append(
                        GameLogLine(segment: coverage.name, line: line.number))
                }
            }
        }
        let active = try AppendOnlyFile(path: directory + "/" + names[names.count - 1])
        if torn > 0, let last = index.segments.last { try active.truncate(to: last.length) }
        let recovery = GameLogRecovery(
            recordsLoaded: index.count, tornTailBytes: torn, corruptLines: index.corruptLines,
            usedCheckpoint: usedCheckpoint, recordsReplayed: replayed)
        return (index, active, recovery)
    }

    private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }
    }
}
