import Dispatch
import Foundation
import LobbyProtocol
import Locking
import WireJSON

/// What reading one segment for the index found: the index fields and place of each record,
/// the numbers of its unreadable lines, how far its lines reach, and a torn last line.
///
/// Segments are read on several threads at once (``inOrder(_:threads:_:)``), and their scans
/// added to the index one segment after another, in log order, by the thread that opens the
/// log: the index comes out exactly as a reading of one line after another makes it.
struct SegmentScan: Sendable {
    /// One segment to read: its file, where to start, and whether it is the last one (whose
    /// unterminated last line is a torn write rather than a corrupt line).
    struct Job: Sendable {
        var path: String
        var position: Int
        var offset: Int
        var firstLine: Int
        var isLast: Bool
    }

    /// The records read, in line order, each with its line's place.
    var records: [(record: IndexedRecord, location: RecordLocation)] = []
    /// The line numbers of unreadable lines, in order.
    var corruptLines: [Int] = []
    /// The end of the last line read (the start offset when there was none).
    var length: Int
    /// The number of the last line read (the one before the first when there was none).
    var lines: Int
    /// The bytes of a torn last line, left unread; 0 when there is none.
    var tornBytes = 0

    /// Reads the segment of `job`. Only a last line without its newline, in the last segment,
    /// is torn; any other line that does not read as a record is decoded in full
    /// (``DealRecord``) before it counts as unreadable. Blank lines are skipped.
    static func read(_ job: Job) throws(GameLogError) -> SegmentScan {
        var scan = SegmentScan(length: job.offset, lines: job.firstLine - 1)
        var decoder: JSONDecoder?
        try SegmentScanner.scan(path: job.path, from: job.offset, firstLine: job.firstLine) {
            line, bytes in
            if !line.terminated && job.isLast {
                scan.tornBytes = line.length
                return
            }
            scan.length = line.offset + line.length + (line.terminated ? 1 : 0)
            scan.lines = line.number
            guard !isBlank(bytes) else { return }
            let location = RecordLocation(
                offset: Int64(line.offset), segment: UInt32(job.position),
                length: UInt32(line.length))
            if let record = IndexedRecord.read(bytes) {
                scan.records.append((record, location))
                return
            }
            if decoder == nil { decoder = WireCodec.makeDecoder() }
            if let record = try? decoder?.decode(DealRecord.self, from: Data(bytes)) {
                scan.records.append((IndexedRecord(record), location))
            } else {
                scan.corruptLines.append(line.number)
            }
        }
        return scan
    }

    private static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }
    }

    /// Reads every job's segment, up to `threads` at once, and hands each scan to `body` in
    /// the jobs' order, on the calling thread. At most `threads + 1` scans wait for `body`
    /// at any time, which bounds the space they hold. The first error (reading a segment, or
    /// thrown by `body`) stops the reading and is thrown once every reader has stopped.
    static func inOrder(
        _ jobs: [Job], threads: Int, _ body: (Job, SegmentScan) throws(GameLogError) -> Void
    ) throws(GameLogError) {
        guard jobs.count > 1, threads > 1 else {
            for job in jobs { try body(job, try read(job)) }
            return
        }
        let readers = min(threads, jobs.count)
        let shared = Locked(Pipeline(count: jobs.count))
        let ready = jobs.map { _ in DispatchSemaphore(value: 0) }
        // Started at 0 and raised: libdispatch traps when a semaphore is freed below the value
        // it was made with.
        let room = DispatchSemaphore(value: 0)
        for _ in 0...readers { room.signal() }
        let group = DispatchGroup()
        // Threads of their own, not the global pool: a caller that opens a log from a pool
        // thread and waits here must not leave the readers without a thread to run on.
        for _ in 0..<readers {
            group.enter()
            Thread {
                defer { group.leave() }
                while true {
                    room.wait()
                    guard let next = shared.withLock({ $0.claim() }) else {
                        room.signal()
                        return
                    }
                    let result = Result { () throws(GameLogError) in try read(jobs[next]) }
                    shared.withLock { $0.scans[next] = result }
                    ready[next].signal()
                }
            }.start()
        }
        defer {
            shared.withLock { $0.stopped = true }
            room.signal()
            group.wait()
        }
        for (position, job) in jobs.enumerated() {
            ready[position].wait()
            let result = shared.withLock { pipeline in
                defer { pipeline.scans[position] = nil }
                return pipeline.scans[position]!
            }
            room.signal()
            try body(job, try result.get())
        }
    }

    /// What the readers share: the next job to claim, the scans not yet handed over, and
    /// whether to stop.
    private struct Pipeline: Sendable {
        var next = 0
        let count: Int
        var stopped = false
        var scans: [Result<SegmentScan, GameLogError>?]

        init(count: Int) {
            self.count = count
            scans = Array(repeating: nil, count: count)
        }

        mutating func claim() -> Int? {
            guard !stopped, next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
