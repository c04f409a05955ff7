import Foundation
import Glibc
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

    /// The group load tests share: eight threads, a few sockets each for a soak of a hundred
    /// clients.
    public static let shared = ReaderGroup(threads: 8)

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
    private let state = Mutex(State())

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
        state.withLock { current in
            current.watched[fd] = Watched(reader: reader, ended: ended)
            current.version += 1
        }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    private func run() {
        let scratch = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Self.scratchBytes, alignment: 16)
        defer { scratch.deallocate() }
        var polled: [pollfd] = []
        var version = -1
        while true {
            let current = state.withLock { $0.version }
            if current != version {
                version = current
                polled = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
                for fd in state.withLock({ $0.watched.keys.sorted() }) {
                    polled.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
                }
            }
            let count = polled.withUnsafeMutableBufferPointer {
                poll($0.baseAddress, nfds_t($0.count), -1)
            }
            if count < 0 {
                guard errno == EINTR else { return }
                continue
            }
            for index in polled.indices where polled[index].revents != 0 {
                polled[index].revents = 0
                if index == 0 {
                    drainWakeUps(into: scratch)
                } else {
                    serve(polled[index].fd, scratch: scratch)
                }
            }
        }
    }

    private func drainWakeUps(into scratch: UnsafeMutableRawBufferPointer) {
        while Glibc.read(wakeRead, scratch.baseAddress, scratch.count) > 0 {}
    }

    private func serve(_ fd: Int32, scratch: UnsafeMutableRawBufferPointer) {
        guard let entry = state.withLock({ $0.watched[fd] }) else { return }
        guard case .stop = entry.reader(scratch) else { return }
        state.withLock { current in
            current.watched[fd] = nil
            current.version += 1
        }
        entry.ended()
    }
}
