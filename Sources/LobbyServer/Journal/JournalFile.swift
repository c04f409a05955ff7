import Dispatch
import Foundation
import GameRecords
import Glibc
import Locking
import Synchronization

/// The append-only journal file. ``append(_:sync:)`` writes the line with write(2) at once, on
/// the caller's queue, so that it is in the kernel before the caller announces what it
/// records; fsync runs in groups on the journal's own queue, never on the caller's, and so
/// does compaction (``compact(_:completion:)``).
///
/// Once ``holdLinesUntilFlushed()`` is called, lines wait in a buffer instead, and
/// ``flushPending()`` writes every waiting line in one call: the server calls it before any
/// byte leaves for a client, so a line is still in the kernel before anyone hears of what it
/// records, while the lines of the several moves a poller reads in one round cost one write.
///
/// When the disk refuses a write (full, a file-size limit, an I/O error), no line is lost or
/// reordered: what the write left is cut off, the lines wait in a buffer, in order, and are
/// tried again every retry interval until the disk takes them. A failed fsync is handled the
/// same way: the kernel may have dropped what it had not written, so the file is cut back to
/// its last good fsync and every line since is written again (they are kept in a buffer until
/// an fsync covers them). ``observe(_:)`` hears when the journal starts and stops holding.
final class JournalFile: Sendable {
    /// Where the file is.
    let url: URL
    private let state: Locked<State>
    /// True while lines wait to be written and the file takes writes: read without the lock
    /// by ``flushPending()``, set and cleared under it.
    private let hasPending = Atomic<Bool>(false)
    private let retryInterval: DispatchTimeInterval
    private let syncQueue = DispatchQueue(label: "LobbyServer.journal.sync")
    private let compactionQueue = DispatchQueue(
        label: "LobbyServer.journal.compaction", qos: .utility)

    /// Used only under the lock (the file object is not thread-safe).
    private struct State: @unchecked Sendable {
        var file: AppendOnlyFile
        /// Counts the files `file` has been: a sync of an earlier one is not this file's.
        var generation = 0
        /// The journal's length once every line appended so far is written.
        var bytes: Int
        /// The file's length at its last good fsync: every byte before it is durable.
        var synced: Int
        /// Every byte appended after `synced`, each line with its newline: the first
        /// `written` are in the file, the rest wait.
        var pending: [UInt8] = []
        var written = 0
        /// The lines among `pending` not written yet.
        var waitingLines = 0
        /// Appended lines wait in `pending` for ``flushPending()``.
        var holding = false
        var syncScheduled = false
        var retryScheduled = false
        var linesAppended = 0
        var syncs = 0
        var compactions = 0
        var health = GroupCommitHealth()
        var observer: (@Sendable (GroupCommitEvent) -> Void)?
        /// Changes of health to tell the observer once the lock is released.
        var news: [GroupCommitEvent] = []
    }

    /// Opens (creating) the file at `url` for appending; lines the disk refuses are tried
    /// again every `retryInterval`.
    init(url: URL, retryInterval: DispatchTimeInterval = .seconds(1)) throws(JournalError) {
        self.url = url
        self.retryInterval = retryInterval
        let file: AppendOnlyFile
        do {
            file = try AppendOnlyFile(path: url.path, permissions: 0o600, readable: true)
        } catch {
            throw .cannotOpen(url.path, error.systemError ?? EIO)
        }
        state = Locked(State(file: file, bytes: file.length, synced: file.length))
    }

    deinit {
        // A last try, without holding anything for a retry: nothing outlives the journal.
        state.withLock { current in
            let file = current.file
            let start = current.written
            current.pending.withUnsafeBytes { raw in
                _ = try? file.append(UnsafeRawBufferPointer(rebasing: raw[start...]))
            }
        }
    }

    /// Runs `body` under the lock, then tells the observer of any change of health it made.
    private func locked<T>(_ body: (inout State) -> T) -> T {
        let (value, news, observer) = state.withLock { current in
            let value = body(&current)
            defer { current.news = [] }
            return (value, current.news, current.observer)
        }
        if let observer { news.forEach(observer) }
        return value
    }

    /// From now on, appended lines wait in a buffer until ``flushPending()`` (or a sync, or
    /// once 64 KB wait).
    func holdLinesUntilFlushed() {
        state.withLock { $0.holding = true }
    }

    /// Writes every waiting line, in one call. Cheap when none waits (or while the disk
    /// refuses: then the retry writes them).
    func flushPending() {
        guard hasPending.load(ordering: .acquiring) else { return }
        locked { _ = writePending(&$0) }
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
        let (scheduleSync, length) = locked { current -> (Bool, Int) in
            current.pending.append(contentsOf: line)
            current.pending.append(0x0A)
            current.bytes += line.count + 1
            current.waitingLines += 1
            current.linesAppended += 1
            if !current.health.isFailing {
                if !current.holding || current.pending.count - current.written >= Self.pendingLimit
                {
                    _ = writePending(&current)
                } else {
                    hasPending.store(true, ordering: .releasing)
                }
            }
            // Lines kept for a failed fsync must not pile up: enough of them call a sync.
            let wanted = sync || current.written >= Self.pendingLimit
            guard wanted, !current.syncScheduled, !current.health.isFailing else {
                return (false, current.bytes)
            }
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

    /// Writes the waiting lines, under the lock; false when the file refused them: then
    /// nothing of them is left in the file, they keep waiting, and the journal holds them
    /// until a retry writes them.
    private func writePending(_ current: inout State) -> Bool {
        guard current.written < current.pending.count else { return true }
        let file = current.file
        let start = current.written
        let failure = current.pending.withUnsafeBytes { raw -> GameLogError? in
            do throws(GameLogError) {
                try file.append(UnsafeRawBufferPointer(rebasing: raw[start...]))
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            hold(&current, failure)
            return false
        }
        let lines = current.waitingLines
        current.written = current.pending.count
        current.waitingLines = 0
        hasPending.store(false, ordering: .releasing)
        if current.health.isFailing { released(&current, lines: lines) }
        return true
    }

    /// The disk refused: the lines wait, and a retry is due.
    private func hold(_ current: inout State, _ failure: GameLogError) {
        hasPending.store(false, ordering: .releasing)
        if current.health.isFailing {
            current.health.failure = failure
            current.health.attempts += 1
        } else {
            current.health.failure = failure
            current.health.since = DispatchTime.now().uptimeNanoseconds
            current.health.attempts = 1
            current.health.episodes += 1
            current.news.append(.holding(failure, held: current.waitingLines))
        }
        guard !current.retryScheduled else { return }
        current.retryScheduled = true
        syncQueue.asyncAfter(deadline: .now() + retryInterval) { [self] in retry() }
    }

    /// The held lines are written: the journal is whole again.
    private func released(_ current: inout State, lines: Int) {
        let since = current.health.since ?? DispatchTime.now().uptimeNanoseconds
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - since) / 1e9
        current.news.append(
            .released(written: lines, attempts: current.health.attempts, seconds: seconds))
        current.health.failure = nil
        current.health.since = nil
        current.health.attempts = 0
    }

    private func retry() {
        let wrote = locked { current -> Bool in
            current.retryScheduled = false
            guard current.health.isFailing else { return false }
            return writePending(&current)
        }
        if wrote { syncNow() }
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

    /// Lines appended, fsync calls made and compactions done so far.
    var counts: (lines: Int, syncs: Int, compactions: Int) {
        state.withLock { ($0.linesAppended, $0.syncs, $0.compactions) }
    }

    /// The file's length now, counting the lines still waiting to be written.
    var length: Int { state.withLock { $0.bytes } }

    /// Whether every line reaches the disk now, and how many lines wait for it.
    var health: GroupCommitHealth {
        state.withLock { current in
            var health = current.health
            health.held = current.health.isFailing ? current.waitingLines : 0
            return health
        }
    }

    /// True while the disk refuses the journal's lines.
    var isFailing: Bool { state.withLock { $0.health.isFailing } }

    /// Calls `observer` whenever the journal starts holding lines the disk refused, and when
    /// it has written them.
    func observe(_ observer: @escaping @Sendable (GroupCommitEvent) -> Void) {
        state.withLock { $0.observer = observer }
    }

    /// The lines the disk still refuses, given up on (a server that stops); how many.
    func heldLines() -> Int {
        state.withLock { $0.health.isFailing ? $0.waitingLines : 0 }
    }

    private func syncNow() {
        let captured = locked { current -> (AppendOnlyFile, Int, Int)? in
            _ = writePending(&current)
            current.syncScheduled = false
            guard current.written > 0 else { return nil }
            current.syncs += 1
            return (current.file, current.generation, current.written)
        }
        guard let (file, generation, point) = captured else { return }
        let failure = fsync(file.fileDescriptor) == 0 ? nil : errno
        locked { current in
            guard current.generation == generation else { return }
            guard let failure else {
                current.pending.removeFirst(point)
                current.written -= point
                current.synced += point
                return
            }
            // What the kernel had not written may be gone: everything since the last good
            // fsync is written again.
            current.file.cut(to: current.synced)
            current.written = 0
            current.waitingLines = current.pending.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            hold(&current, .syncFailed(errno: failure))
        }
    }

    /// The file's length once every waiting line is written, which this does, and a reader
    /// of the open file (its own descriptor, closed by the caller); nil while the disk
    /// refuses the lines.
    private func writtenLength() -> Int? {
        locked { current in writePending(&current) ? current.bytes : nil }
    }

    /// How the file at the journal's path stands to the file the journal writes.
    enum Identity: Equatable {
        /// It is the same file, as long as the journal has written it.
        case intact
        /// No file is at the path (it was removed while the journal had it open).
        case removed
        /// Another file is at the path.
        case replaced
        /// The file is shorter than what the journal wrote to it.
        case cut
    }

    /// Checks that the journal still writes the file at its path, by identity (device and
    /// inode), link count and length.
    func identity() -> Identity {
        state.withLock { current in
            var open = stat()
            guard fstat(current.file.fileDescriptor, &open) == 0 else { return .intact }
            var named = stat()
            guard stat(url.path, &named) == 0 else { return .removed }
            if named.st_dev != open.st_dev || named.st_ino != open.st_ino { return .replaced }
            if open.st_nlink == 0 { return .removed }
            return Int(open.st_size) < current.synced + current.written ? .cut : .intact
        }
    }

    /// The journal's content at its path, to be read a piece at a time by `body` (through a
    /// descriptor of its own, closed after); `body` gets empty content when there is no file.
    func reading<T>(_ body: (JournalBytes) -> T) -> T {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return body(JournalBytes(Data())) }
        defer { close(fd) }
        var info = stat()
        let length = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        return body(JournalBytes(descriptor: fd, length: length))
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
        let installed = locked { current -> JournalError? in
            guard writePending(&current) else {
                return .cannotWrite(url.path, current.health.failure?.systemError ?? EIO)
            }
            guard rename(asideURL.path, url.path) == 0 else { return .cannotWrite(url.path, errno) }
            install(aside, length: aside.length, tail: [], in: &current)
            return nil
        }
        if let installed {
            unlink(asideURL.path)
            throw installed
        }
        fsyncDirectory()
    }

    /// Compacts the file off the caller's queue while appends go on: the content written so
    /// far is read through the journal's own descriptor, a piece at a time (so that a file
    /// removed or replaced at the path is still read whole, and never held whole),
    /// and `transform`ed (nil leaves the file as it is) into
    /// a file aside on a queue of its own, then, on the journal's queue, the lines appended
    /// meanwhile are copied after it and the aside file replaces the journal (fsync of the
    /// file, rename, fsync of the directory). Appends wait only while the last few lines are
    /// copied. `completion` gets the new length, or nil when nothing changed (nor while the
    /// disk refuses the journal's lines: a copy would need room the disk does not have).
    func compact(
        _ transform: @escaping @Sendable (JournalBytes) -> Data?,
        completion: @escaping @Sendable (Int?) -> Void
    ) {
        compactionQueue.async { [self] in
            guard let prepared = prepareCompaction(transform) else { return completion(nil) }
            syncQueue.async { [self] in completion(finishCompaction(prepared)) }
        }
    }

    /// A compacted file aside, and how far into the journal it covers.
    private struct PreparedCompaction: @unchecked Sendable {
        var aside: AppendOnlyFile
        /// Its length, all of it fsynced.
        var asideLength: Int
        var copied: Int
        /// A descriptor of the journal file it was copied from.
        var reader: Int32
    }

    private func prepareCompaction(_ transform: (JournalBytes) -> Data?) -> PreparedCompaction? {
        guard
            let (start, reader) = locked({ current -> (Int, Int32)? in
                guard writePending(&current) else { return nil }
                let reader = dup(current.file.fileDescriptor)
                return reader >= 0 ? (current.bytes, reader) : nil
            })
        else { return nil }
        var copied = start
        guard let compacted = transform(JournalBytes(descriptor: reader, length: copied)),
            let aside = try? createAside(compacted)
        else {
            close(reader)
            return nil
        }
        var asideLength = compacted.count
        // Copy what was appended meanwhile without holding appends up, until little is left.
        while length - copied > 64 * 1024 {
            guard let end = writtenLength(), let bytes = JournalBytes.read(reader, copied..<end),
                (try? aside.append([UInt8](bytes))) != nil
            else {
                discard(aside, reader)
                return nil
            }
            asideLength += end - copied
            copied = end
        }
        guard (try? aside.sync()) != nil else {
            discard(aside, reader)
            return nil
        }
        return PreparedCompaction(
            aside: aside, asideLength: asideLength, copied: copied, reader: reader)
    }

    private func finishCompaction(_ prepared: PreparedCompaction) -> Int? {
        let installed = locked { current -> Int? in
            guard writePending(&current) else { return nil }
            let end = current.bytes
            guard let tail = JournalBytes.read(prepared.reader, prepared.copied..<end) else {
                return nil
            }
            let bytes = [UInt8](tail)
            guard (try? prepared.aside.append(bytes)) != nil,
                rename(asideURL.path, url.path) == 0
            else { return nil }
            install(prepared.aside, length: prepared.asideLength, tail: bytes, in: &current)
            current.compactions += 1
            return current.bytes
        }
        guard let installed else {
            discard(prepared.aside, prepared.reader)
            return nil
        }
        close(prepared.reader)
        syncNow()
        fsyncDirectory()
        return installed
    }

    /// Appends to `aside` from now on: its first `length` bytes are durable, and `tail` (the
    /// lines copied after them) is written but not yet fsynced.
    private func install(
        _ aside: AppendOnlyFile, length: Int, tail: [UInt8], in current: inout State
    ) {
        current.file = aside
        current.generation += 1
        current.synced = length
        current.pending = tail
        current.written = tail.count
        current.waitingLines = 0
        current.bytes = length + tail.count
    }

    /// Gives up a compaction: the aside file goes, and so does the reader.
    private func discard(_ aside: AppendOnlyFile, _ reader: Int32) {
        unlink(aside.path)
        close(reader)
    }

    /// Writes `content` to the aside file and fsyncs it; on failure (a full disk) the aside
    /// file is removed, so that it holds no space.
    private func createAside(_ content: Data) throws(JournalError) -> AppendOnlyFile {
        let path = asideURL.path
        do throws(GameLogError) {
            let file = try AppendOnlyFile(
                path: path, permissions: 0o600, readable: true, truncating: true)
            try file.append([UInt8](content))
            try file.sync()
            return file
        } catch {
            unlink(path)
            throw .cannotWrite(path, error.systemError ?? EIO)
        }
    }

    private var asideURL: URL { url.appendingPathExtension("new") }

    private func fsyncDirectory() {
        let directory = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        guard directory >= 0 else { return }
        fsync(directory)
        close(directory)
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
