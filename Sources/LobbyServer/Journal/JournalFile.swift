import Dispatch
import Foundation
import Glibc
import Synchronization

/// The append-only journal file. ``append(_:)`` writes the line with write(2) at once, on the
/// caller's queue, so that it is in the kernel before the caller announces what it records;
/// fsync runs in groups on the journal's own queue, never on the caller's.
final class JournalFile: Sendable {
    /// Where the file is.
    let url: URL
    private let state: Mutex<State>
    private let syncQueue = DispatchQueue(label: "LobbyServer.journal.sync")

    private struct State {
        var fd: Int32
        var syncScheduled = false
        var linesWritten = 0
        var syncs = 0
    }

    /// Opens (creating) the file at `url` for appending.
    init(url: URL) throws(JournalError) {
        self.url = url
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotOpen(url.path, errno) }
        state = Mutex(State(fd: fd))
    }

    deinit {
        state.withLock { _ = close($0.fd) }
    }

    /// Writes one line (a newline is added) and schedules a group fsync.
    func append(_ line: Data) {
        var bytes = line
        bytes.append(0x0A)
        let scheduleSync = state.withLock { current -> Bool in
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(current.fd, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
            current.linesWritten += 1
            guard !current.syncScheduled else { return false }
            current.syncScheduled = true
            return true
        }
        if scheduleSync {
            syncQueue.asyncAfter(deadline: .now() + Self.syncGathering) { [self] in syncNow() }
        }
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

    /// Lines written and fsync calls made so far.
    var counts: (lines: Int, syncs: Int) {
        state.withLock { ($0.linesWritten, $0.syncs) }
    }

    private func syncNow() {
        let fd = state.withLock { current -> Int32 in
            current.syncScheduled = false
            current.syncs += 1
            return current.fd
        }
        fsync(fd)
    }

    /// Replaces the file's content with `lines`, atomically (write aside, fsync, rename), and
    /// appends to the new file from then on.
    func rewrite(_ lines: [Data]) throws(JournalError) {
        let aside = url.appendingPathExtension("new")
        var content = Data()
        for line in lines {
            content.append(line)
            content.append(0x0A)
        }
        let written = FileManager.default.createFile(atPath: aside.path, contents: content)
        guard written else { throw .cannotWrite(aside.path, errno) }
        let fd = open(aside.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(aside.path, errno) }
        fsync(fd)
        guard rename(aside.path, url.path) == 0 else {
            close(fd)
            throw .cannotWrite(url.path, errno)
        }
        let directory = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
        state.withLock { current in
            close(current.fd)
            current.fd = fd
        }
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
