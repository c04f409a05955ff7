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
/// Connections' queues run on roots of their own, made when a ``TCPServer`` first starts on
/// the group, one per ``EventPoller``: a thread waiting in epoll for the sockets of that
/// root's connections, which runs their work with `sync` on their queues (it is no queue of
/// the group, so it may). Nothing else runs on those roots but the connections' timers and
/// closes, so the poller seldom finds its root busy and runs the work on its own thread at
/// once. There are half as many pollers as processors by default (at least one): a poller
/// with many sockets finds several ready at each wake-up, and on a small machine the threads
/// a second poller would take turns with cost more than it saves.
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
    /// connections' queues have a root and a poller thread per poller besides).
    public var rootCount: Int { roots.count }

    /// The pollers started, 0 until a server first starts on the group.
    public var pollerCount: Int {
        pollersLock.lock()
        defer { pollersLock.unlock() }
        return pollers.count
    }

    /// The pollers a group starts unless told otherwise: half the processors, at least one
    /// and at most 8.
    public static var defaultPollerCount: Int {
        min(max(ProcessInfo.processInfo.activeProcessorCount / 2, 1), 8)
    }

    private let label: String
    private let roots: [DispatchQueue]
    private let nextRoot = Atomic<UInt>(0)
    private let nextConnectionRoot = Atomic<UInt>(0)
    /// Guards `pollers`. An `NSLock` rather than `Mutex`, as the thread sanitizer
    /// understands it.
    private let pollersLock = NSLock()
    /// The pollers and the roots of the connections' queues, one each per poller, made when a
    /// server first starts on the group.
    private var pollers: [(poller: EventPoller, root: DispatchQueue)] = []

    /// Creates a group of `roots` root queues (at least one).
    public init(roots: Int, label: String = "LineServer.loop") {
        self.label = label
        self.roots = (0..<max(roots, 1)).map { DispatchQueue(label: "\(label).\($0)") }
    }

    deinit {
        for (poller, _) in pollers { poller.stop() }
    }

    /// A new serial queue running on the next root in turn.
    public func makeSerialQueue(label: String) -> DispatchQueue {
        let turn = nextRoot.wrappingAdd(1, ordering: .relaxed).oldValue
        return DispatchQueue(label: label, target: roots[Int(turn % UInt(roots.count))])
    }

    /// Starts `count` pollers (at least one; nil for ``defaultPollerCount``), each a thread
    /// with a root for the queues of its connections, unless the group's pollers run already;
    /// each polls up to `spinLimit` more times before it sleeps (see ``IdleSpin``).
    func startPollers(count: Int? = nil, spinLimit: Int = 0) throws(TCPServerError) {
        pollersLock.lock()
        defer { pollersLock.unlock() }
        guard pollers.isEmpty else { return }
        var started: [(poller: EventPoller, root: DispatchQueue)] = []
        do throws(TCPServerError) {
            for index in 0..<max(count ?? Self.defaultPollerCount, 1) {
                let poller = try EventPoller(
                    label: "\(label).poller.\(index)", spinLimit: spinLimit)
                started.append((poller, DispatchQueue(label: "\(label).connections.\(index)")))
            }
        } catch {
            for (poller, _) in started { poller.stop() }
            throw error
        }
        pollers = started
    }

    /// A new serial queue on the next connection root in turn, with the poller of that root:
    /// the poller runs the queue's socket work on its own thread while the root is free. The
    /// pollers must have been started.
    func makeConnectionQueue(label: String) -> (queue: DispatchQueue, poller: EventPoller) {
        let turn = nextConnectionRoot.wrappingAdd(1, ordering: .relaxed).oldValue
        pollersLock.lock()
        let (poller, root) = pollers[Int(turn % UInt(pollers.count))]
        pollersLock.unlock()
        return (DispatchQueue(label: label, target: root), poller)
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
