import Dispatch
import Foundation
import Glibc
import Locking
import Synchronization

/// The append-only journal file. ``append(_:sync:)`` writes the line with write(2) at once, on
/// the caller's queue, so that it is in the kernel before the caller announces what it
/// records; fsync runs in groups on the journal's own queue, never on the caller's, and so
/// does compaction (``compact(_:)``).
///
/// Once ``holdLinesUntilFlushed()`` is called, lines wait in memory instead, and
/// ``flushPending()`` writes every waiting line in one call: the server calls it before any
/// byte leaves for a client, so a line is still in the kernel before anyone hears of what it
/// records, while the lines of the several moves a poller reads in one round cost one write.
final class JournalFile: Sendable {
    /// Where the file is.
    let url: URL
    private let state: Locked<State>
    /// True while lines wait in `State.pending`: read without the lock by
    /// ``flushPending()``, set and cleared under it.
    private let hasPending = Atomic<Bool>(false)
    private let syncQueue = DispatchQueue(label: "LobbyServer.journal.sync")
    private let compactionQueue = DispatchQueue(
        label: "LobbyServer.journal.compaction", qos: .utility)

    private struct State {
        var fd: Int32
        /// The file's length once the waiting lines are written: every line appended so far,
        /// whole.
        var bytes: Int
        /// Lines appended and not written yet, each with its newline.
        var pending: [UInt8] = []
        /// Appended lines wait in `pending` for ``flushPending()``.
        var holding = false
        var syncScheduled = false
        var linesWritten = 0
        var syncs = 0
        var compactions = 0
    }

    /// Opens (creating) the file at `url` for appending.
    init(url: URL) throws(JournalError) {
        self.url = url
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotOpen(url.path, errno) }
        state = Locked(State(fd: fd, bytes: Int(max(0, lseek(fd, 0, SEEK_END)))))
    }

    deinit {
        state.withLock { current in
            writePending(&current)
            _ = close(current.fd)
        }
    }

    /// From now on, appended lines wait in memory until ``flushPending()`` (or a sync, or
    /// once 64 KB wait).
    func holdLinesUntilFlushed() {
        state.withLock { $0.holding = true }
    }

    /// Writes every waiting line, in one call. Cheap when none waits.
    func flushPending() {
        guard hasPending.load(ordering: .acquiring) else { return }
        state.withLock { writePending(&$0) }
    }

    /// Writes one line (a newline is added), or holds it for ``flushPending()``, and, unless
    /// `sync` is false, schedules a group fsync. Returns the file's length after it.
    @discardableResult
    func append(_ line: Data, sync: Bool = true) -> Int {
        line.withUnsafeBytes { append($0, sync: sync) }
    }

    /// ``append(_:sync:)`` for a line's bytes wherever they are kept.
    @discardableResult
    func append(_ line: UnsafeRawBufferPointer, sync: Bool = true) -> Int {
        let (scheduleSync, length) = state.withLock { current -> (Bool, Int) in
            if current.holding {
                current.pending.append(contentsOf: line)
                current.pending.append(0x0A)
                hasPending.store(true, ordering: .releasing)
                current.bytes += line.count + 1
                if current.pending.count >= Self.pendingLimit { writePending(&current) }
            } else {
                var bytes = [UInt8](line)
                bytes.append(0x0A)
                let written = bytes.withUnsafeBytes { Self.writeAll($0, to: current.fd) }
                guard written else { return (false, current.bytes) }
                current.bytes += bytes.count
            }
            current.linesWritten += 1
            guard sync, !current.syncScheduled else { return (false, current.bytes) }
            current.syncScheduled = true
            return (true, current.bytes)
        }
        if scheduleSync {
            syncQueue.asyncAfter(deadline: .now() + Self.syncGathering) { [self] in syncNow() }
        }
        return length
    }

    /// The most bytes that wait for ``flushPending()`` before an append writes them.
    private static let pendingLimit = 65_536

    /// Writes the waiting lines, under the lock; lines the file refused are dropped, and the
    /// length goes back to what the file holds.
    private func writePending(_ current: inout State) {
        guard !current.pending.isEmpty else { return }
        let written = current.pending.withUnsafeBytes { Self.writeAll($0, to: current.fd) }
        if !written { current.bytes -= current.pending.count }
        current.pending.removeAll(keepingCapacity: current.pending.capacity <= Self.pendingLimit)
        hasPending.store(false, ordering: .releasing)
    }

    /// How long a group fsync waits for more lines to join it. Tables never wait for the
    /// fsync (their lines are in the kernel at once), so the wait costs them nothing, and
    /// busy tables make a few hundred fsyncs a second instead of one after another.
    private static let syncGathering = DispatchTimeInterval.milliseconds(5)

    /// Makes everything written so far durable on the file's own queue, then calls
    /// `completion` there; the caller's queue never waits for the disk.
    func sync(then completion: @escaping @Sendable () -> Void) {
        syncQueue.async { [self] in
            syncNow()
            completion()
        }
    }

    /// Lines written, fsync calls made and compactions done so far.
    var counts: (lines: Int, syncs: Int, compactions: Int) {
        state.withLock { ($0.linesWritten, $0.syncs, $0.compactions) }
    }

    /// The file's length now, counting the lines still waiting to be written.
    var length: Int { state.withLock { $0.bytes } }

    /// The file's length once every waiting line is written, which this does: what a reader
    /// of the file finds now.
    private func writtenLength() -> Int {
        state.withLock { current in
            writePending(&current)
            return current.bytes
        }
    }

    private func syncNow() {
        let fd = state.withLock { current -> Int32 in
            writePending(&current)
            current.syncScheduled = false
            current.syncs += 1
            return current.fd
        }
        fsync(fd)
    }

    /// Replaces the file's content with `lines`, atomically (write aside, fsync, rename), and
    /// appends to the new file from then on. For start-up, before anyone appends.
    func rewrite(_ lines: [Data]) throws(JournalError) {
        var content = Data()
        for line in lines {
            content.append(line)
            content.append(0x0A)
        }
        let aside = try createAside(content)
        do throws(JournalError) {
            try state.withLock { current throws(JournalError) in
                writePending(&current)
                try install(aside, length: content.count, replacing: &current)
            }
        } catch {
            close(aside)
            throw error
        }
        fsyncDirectory()
    }

    /// Compacts the file off the caller's queue while appends go on: the content written so
    /// far is read and `transform`ed (nil leaves the file as it is) into a file aside on a
    /// queue of its own, then, on the journal's queue, the lines appended meanwhile are copied
    /// after it and the aside file replaces the journal (fsync of the file, rename, fsync of
    /// the directory). Appends wait only while the last few lines are copied. `completion`
    /// gets the new length, or nil when nothing changed.
    func compact(
        _ transform: @escaping @Sendable (Data) -> Data?,
        completion: @escaping @Sendable (Int?) -> Void
    ) {
        compactionQueue.async { [self] in
            guard let prepared = prepareCompaction(transform) else { return completion(nil) }
            syncQueue.async { [self] in completion(finishCompaction(prepared)) }
        }
    }

    /// A compacted file aside, and how far into the journal it covers.
    private struct PreparedCompaction: Sendable {
        var aside: Int32
        var asideLength: Int
        var copied: Int
    }

    private func prepareCompaction(_ transform: (Data) -> Data?) -> PreparedCompaction? {
        var copied = writtenLength()
        guard let reader = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? reader.close() }
        guard let written = try? reader.read(upToCount: copied), written.count == copied,
            let compacted = transform(written), let aside = try? createAside(compacted)
        else { return nil }
        var asideLength = compacted.count
        // Copy what was appended meanwhile without holding appends up, until little is left.
        while length - copied > 64 * 1024 {
            let end = writtenLength()
            guard copyRange(from: reader, copied..<end, to: aside) else {
                close(aside)
                return nil
            }
            asideLength += end - copied
            copied = end
        }
        fsync(aside)
        return PreparedCompaction(aside: aside, asideLength: asideLength, copied: copied)
    }

    private func finishCompaction(_ prepared: PreparedCompaction) -> Int? {
        guard let reader = FileHandle(forReadingAtPath: url.path) else {
            close(prepared.aside)
            return nil
        }
        defer { try? reader.close() }
        let installed = state.withLock { current -> Int? in
            writePending(&current)
            let end = current.bytes
            let tail = prepared.copied..<end
            guard copyRange(from: reader, tail, to: prepared.aside) else { return nil }
            do throws(JournalError) {
                try install(
                    prepared.aside, length: prepared.asideLength + tail.count,
                    replacing: &current)
            } catch {
                return nil
            }
            current.compactions += 1
            return current.bytes
        }
        guard let installed else {
            close(prepared.aside)
            return nil
        }
        syncNow()
        fsyncDirectory()
        return installed
    }

    /// Writes `content` to the aside file, fsyncs it, and returns it open for appending.
    private func createAside(_ content: Data) throws(JournalError) -> Int32 {
        let aside = asideURL.path
        let fd = open(aside, O_WRONLY | O_APPEND | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotOpen(aside, errno) }
        guard Self.writeAll(content, to: fd) else {
            let code = errno
            close(fd)
            throw .cannotWrite(aside, code)
        }
        fsync(fd)
        return fd
    }

    /// Renames the aside file over the journal and appends to it from then on; on failure the
    /// journal is left as it was (and the caller still owns `aside`).
    private func install(_ aside: Int32, length: Int, replacing current: inout State)
        throws(JournalError)
    {
        guard rename(asideURL.path, url.path) == 0 else { throw .cannotWrite(url.path, errno) }
        close(current.fd)
        current.fd = aside
        current.bytes = length
    }

    private var asideURL: URL { url.appendingPathExtension("new") }

    private func fsyncDirectory() {
        let directory = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        guard directory >= 0 else { return }
        fsync(directory)
        close(directory)
    }

    /// Appends the bytes `range` of the file open in `reader` to `fd`.
    private func copyRange(from reader: FileHandle, _ range: Range<Int>, to fd: Int32) -> Bool {
        guard !range.isEmpty else { return true }
        do {
            try reader.seek(toOffset: UInt64(range.lowerBound))
            guard let bytes = try reader.read(upToCount: range.count), bytes.count == range.count
            else { return false }
            return Self.writeAll(bytes, to: fd)
        } catch {
            return false
        }
    }

    /// Writes all of `bytes` to `fd`, retrying after interruptions.
    private static func writeAll(_ bytes: Data, to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// Writes all of `raw` to `fd`, retrying after interruptions.
    private static func writeAll(_ raw: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var offset = 0
        while offset < raw.count {
            let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}

/// Why the table journal could not be used.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened (path, errno).
    case cannotOpen(String, Int32)
    /// The file could not be written (path, errno).
    case cannotWrite(String, Int32)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let code):
            "cannot open the table journal \(path): \(String(cString: strerror(code)))"
        case .cannotWrite(let path, let code):
            "cannot write the table journal \(path): \(String(cString: strerror(code)))"
        }
    }
}
