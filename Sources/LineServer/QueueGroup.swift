import Dispatch
import Foundation
import Synchronization

/// A fixed set of serial root queues that any number of serial queues run on, like the
/// event loops of an event-loop group.
///
/// On Linux every plain `DispatchQueue(label:)` may get a thread of its own whenever it has
/// work, so thousands of connection and table queues grew the process to hundreds of
/// threads. A queue made here targets one of the group's roots instead (round robin): each
/// root drains on at most one thread at a time, so the queues of a group never use more
/// threads than it has roots, however many there are.
///
/// Connections' queues run on roots of their own, as many as the group has, each with an
/// ``EventPoller`` once a ``TCPServer`` starts on the group: a thread waiting in epoll for
/// the sockets of that root's connections, which runs their work with `sync` on their
/// queues (it is no queue of the group, so it may). Nothing else runs on those roots but
/// the connections' timers and closes, so the poller seldom finds its root busy and runs
/// the work on its own thread at once.
///
/// Two rules follow. Work on these queues must not block (disk, `sleep`): it would stall
/// every queue sharing its root; give such work a plain queue of its own. And no queue of a
/// group may `sync` onto another queue of the group: two queues on one root would wait for
/// each other for ever.
public final class QueueGroup: @unchecked Sendable {
    /// The group shared by everything in the process that does not ask for its own: one root
    /// per processor, at least 2 and at most 8.
    public static let shared = QueueGroup(
        roots: min(max(ProcessInfo.processInfo.activeProcessorCount, 2), 8))

    /// The number of root queues, which bounds the threads the group's queues use (the
    /// connections' queues have as many roots again, and a poller thread per root).
    public var rootCount: Int { roots.count }

    private let label: String
    private let roots: [DispatchQueue]
    private let nextRoot = Atomic<UInt>(0)
    /// The roots of the connections' queues, one per poller.
    private let connectionRoots: [DispatchQueue]
    private let nextConnectionRoot = Atomic<UInt>(0)
    /// Guards `pollers`. An `NSLock` rather than `Mutex`, as the thread sanitizer
    /// understands it.
    private let pollersLock = NSLock()
    /// One poller per connection root, made when a server first starts on the group.
    private var pollers: [EventPoller] = []

    /// Creates a group of `roots` root queues (at least one).
    public init(roots: Int, label: String = "LineServer.loop") {
        self.label = label
        self.roots = (0..<max(roots, 1)).map { DispatchQueue(label: "\(label).\($0)") }
        self.connectionRoots = self.roots.indices.map {
            DispatchQueue(label: "\(label).connections.\($0)")
        }
    }

    deinit {
        for poller in pollers { poller.stop() }
    }

    /// A new serial queue running on the next root in turn.
    public func makeSerialQueue(label: String) -> DispatchQueue {
        let turn = nextRoot.wrappingAdd(1, ordering: .relaxed).oldValue
        return DispatchQueue(label: label, target: roots[Int(turn % UInt(roots.count))])
    }

    /// Starts the group's pollers, one thread per root, unless they run already; each polls
    /// up to `spinLimit` more times before it sleeps (see ``IdleSpin``).
    func startPollers(spinLimit: Int = 0) throws(TCPServerError) {
        pollersLock.lock()
        defer { pollersLock.unlock() }
        guard pollers.isEmpty else { return }
        var started: [EventPoller] = []
        do throws(TCPServerError) {
            for index in connectionRoots.indices {
                started.append(
                    try EventPoller(label: "\(label).poller.\(index)", spinLimit: spinLimit))
            }
        } catch {
            for poller in started { poller.stop() }
            throw error
        }
        pollers = started
    }

    /// A new serial queue on the next connection root in turn, with the poller of that root:
    /// the poller runs the queue's socket work on its own thread while the root is free. The
    /// pollers must have been started.
    func makeConnectionQueue(label: String) -> (queue: DispatchQueue, poller: EventPoller) {
        let turn = nextConnectionRoot.wrappingAdd(1, ordering: .relaxed).oldValue
        let index = Int(turn % UInt(connectionRoots.count))
        pollersLock.lock()
        let poller = pollers[index]
        pollersLock.unlock()
        return (DispatchQueue(label: label, target: connectionRoots[index]), poller)
    }
}

/// Where the server's serial queues come from: connections, the listener, the lobby and the
/// tables all make theirs here, so together they use at most a few threads.
public enum ServerQueues {
    /// A serial queue on ``QueueGroup/shared``. See ``QueueGroup`` for the two rules its
    /// work must keep: never block, never `sync` onto another such queue.
    public static func serial(label: String) -> DispatchQueue {
        QueueGroup.shared.makeSerialQueue(label: label)
    }
}
