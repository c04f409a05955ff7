import Foundation
import Glibc
import Locking
import Synchronization

/// A few threads that read many connections, each waiting in `poll` on its share of them,
/// instead of one blocked thread per connection.
///
/// A load test of a hundred clients on a small machine otherwise spends much of its time
/// waking threads: every message that arrives wakes its connection's own thread. Here a
/// thread that is already awake reads whichever of its connections have bytes.
///
/// Readers run on the group's threads and must not block; they read with `MSG_DONTWAIT`.
public final class ReaderGroup: Sendable {
    /// What a reader says after reading: keep watching its socket, or stop (it ended).
    public enum Next: Sendable {
        case keepReading
        case stop
    }

    /// Called when the socket has bytes or has ended, with a scratch buffer to read into.
    public typealias Reader = @Sendable (UnsafeMutableRawBufferPointer) -> Next

    /// The group of `threads` threads that load tests share, made on first use and kept: a
    /// soak's hundred clients cost least on one thread, which finds more of them ready at each
    /// wake-up than several threads each would.
    public static func shared(threads: Int) -> ReaderGroup {
        sharedGroups.withLock { groups in
            if let group = groups[threads] { return group }
            let group = ReaderGroup(threads: threads)
            groups[threads] = group
            return group
        }
    }

    private static let sharedGroups = Locked<[Int: ReaderGroup]>([:])

    private let loops: [ReaderLoop]
    private let nextLoop = Atomic<Int>(0)

    /// A group of `threads` reading threads (at least one), started at once; they last as
    /// long as the process.
    public init(threads: Int) {
        loops = (0..<max(threads, 1)).map { _ in ReaderLoop() }
    }

    /// Watches `fd` on the next thread in turn until `reader` says stop; the group then stops
    /// watching before calling `ended`, so `ended` may close the descriptor.
    func watch(_ fd: Int32, reader: @escaping Reader, ended: @escaping @Sendable () -> Void) {
        let turn = nextLoop.wrappingAdd(1, ordering: .relaxed).oldValue
        loops[turn % loops.count].watch(fd, reader: reader, ended: ended)
    }
}

/// One thread of a ``ReaderGroup``: it waits in `poll` on its sockets and a wake-up pipe,
/// which tells it the set of sockets changed.
private final class ReaderLoop: Sendable {
    private struct Watched: Sendable {
        let reader: ReaderGroup.Reader
        let ended: @Sendable () -> Void
    }

    private struct State: Sendable {
        var watched: [Int32: Watched] = [:]
        /// Bumped at every change of `watched`, so the thread knows to rebuild its poll set.
        var version = 0
    }

    private static let scratchBytes = 65_536

    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Locked(State())
    /// `state.version`, readable without the lock: the thread looks at it before every poll.
    private let version = Atomic(0)

    init() {
        var ends: [Int32] = [0, 0]
        let made = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
        precondition(made == 0, "pipe failed: \(errno)")
        wakeRead = ends[0]
        wakeWrite = ends[1]
        _ = fcntl(wakeRead, F_SETFL, fcntl(wakeRead, F_GETFL) | O_NONBLOCK)
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func watch(
        _ fd: Int32, reader: @escaping ReaderGroup.Reader, ended: @escaping @Sendable () -> Void
    ) {
        change { $0[fd] = Watched(reader: reader, ended: ended) }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    private func change(_ body: (inout [Int32: Watched]) -> Void) {
        state.withLock { current in
            body(&current.watched)
            current.version += 1
            version.store(current.version, ordering: .releasing)
        }
    }

    private func run() {
        let scratch = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Self.scratchBytes, alignment: 16)
        defer { scratch.deallocate() }
        // The poll set and, at the same index less one, each socket's reader.
        var polled: [pollfd] = []
        var entries: [Watched] = []
        var seen = -1
        while true {
            if version.load(ordering: .acquiring) != seen {
                let (current, watched) = state.withLock { ($0.version, $0.watched) }
                seen = current
                let sockets = watched.sorted { $0.key < $1.key }
                polled = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
                polled += sockets.map { pollfd(fd: $0.key, events: Int16(POLLIN), revents: 0) }
                entries = sockets.map(\.value)
            }
            let count = polled.withUnsafeMutableBufferPointer {
                poll($0.baseAddress, nfds_t($0.count), -1)
            }
            if count < 0 {
                guard errno == EINTR else { return }
                continue
            }
            var left = Int(count)
            for index in polled.indices where left > 0 && polled[index].revents != 0 {
                left -= 1
                polled[index].revents = 0
                if index == 0 {
                    drainWakeUps(into: scratch)
                } else {
                    serve(polled[index].fd, entries[index - 1], scratch: scratch)
                }
            }
        }
    }

    private func drainWakeUps(into scratch: UnsafeMutableRawBufferPointer) {
        while Glibc.read(wakeRead, scratch.baseAddress, scratch.count) > 0 {}
    }

    private func serve(_ fd: Int32, _ entry: Watched, scratch: UnsafeMutableRawBufferPointer) {
        guard case .stop = entry.reader(scratch) else { return }
        change { $0[fd] = nil }
        entry.ended()
    }
}
