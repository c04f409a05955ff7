import Foundation
import Locking
import Testing
import TestSupport

@testable import GameRecords

/// A log opened without its checkpoint reads several segments at once and adds them to the
/// index in log order: the index, the unreadable lines, the torn tail and the progress are
/// those of reading one segment after another.
@Suite struct GameLogParallelReadingTests {
    @Test func segmentsReadAtOnceBuildWhatOneAfterAnotherBuilds() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url, options: smallSegments(8_192))
            for record in rebuildRecords(400, people: 30, seed: 5) { try log.append(record) }
        }
        try? FileManager.default.removeItem(at: dir.file(LogSegments.checkpointName))
        let names = LogSegments.list(in: dir.url.path)
        #expect(names.count > 6)
        // An unreadable line in a middle segment, and a torn write at the end of the last.
        let middle = dir.file(names[names.count / 2])
        var bytes = try Data(contentsOf: middle)
        bytes.append(contentsOf: Array("not a record\n".utf8))
        try bytes.write(to: middle)
        let last = dir.file(names[names.count - 1])
        bytes = try Data(contentsOf: last)
        bytes.append(contentsOf: Array(#"{"record":401,"ta"#.utf8))
        try bytes.write(to: last)
        let copy = TemporaryDirectory()
        defer { copy.remove() }
        try copy.create()
        for name in names {
            try FileManager.default.copyItem(at: dir.file(name), to: copy.file(name))
        }
        let alone = try GameLogOpening.open(directory: dir.url.path, threads: 1)
        let readers = Locked<[Int]>([])
        let together = try GameLogOpening.open(
            directory: copy.url.path, progress: { reading in
                readers.withLock { $0.append(reading.bytesRead) }
            }, threads: 4)
        #expect(together.index == alone.index)
        var timed = together.recovery
        timed.secondsReplaying = alone.recovery.secondsReplaying
        #expect(timed == alone.recovery)
        #expect(together.recovery.corruptLines.map(\.segment) == [names[names.count / 2]])
        #expect(together.recovery.tornTailBytes > 0 && together.recovery.recordsReplayed == 400)
        // Progress after each segment, in order, ending at every byte read.
        #expect(readers.value == readers.value.sorted() && readers.value.count == names.count + 1)
        #expect(readers.value.last == together.recovery.bytesReplayed)
    }

    @Test func aSegmentThatCannotBeReadStopsTheOpening() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url, options: smallSegments(8_192))
            for record in rebuildRecords(300, people: 30, seed: 6) { try log.append(record) }
        }
        let names = LogSegments.list(in: dir.url.path)
        // A directory where a segment should be: opened, but never read.
        let unreadable = dir.file(names[1])
        try FileManager.default.removeItem(at: unreadable)
        try FileManager.default.createDirectory(at: unreadable, withIntermediateDirectories: false)
        #expect(throws: GameLogError.self) {
            _ = try GameLogOpening.open(directory: dir.url.path, threads: 4)
        }
    }
}
