import Dispatch
import Foundation
import Glibc

/// A line-oriented TCP server: accepts IPv4 connections and gives each one a
/// ``ConnectionHandler`` made by the factory passed at creation.
///
/// Accepting runs on the server's own queue and each ``Connection`` on its own, so no client
/// holds a thread and a slow client only ever delays itself.
public final class TCPServer: @unchecked Sendable {
    private enum Phase {
        case idle
        case running
        case stopping
        case stopped
    }

    private struct State {
        var phase = Phase.idle
        var nextID = 1
        /// Connections being served; their number is held to `maxConnections`.
        var served: [Int: Connection] = [:]
        /// Connections over the cap, closing after their rejection line.
        var rejected: [Int: Connection] = [:]
        var shutdownWaiters: [@Sendable () -> Void] = []
    }

    /// The settings the server was created with.
    public let configuration: TCPServerConfiguration
    /// Traffic totals over every connection the server has served.
    public let counters: TrafficCounters

    private static let acceptBudget = 64
    private static let acceptPause = DispatchTimeInterval.milliseconds(100)

    private let makeHandler: @Sendable (Connection) -> any ConnectionHandler
    private let limits: Connection.Limits
    private let queue = DispatchQueue(label: "LineServer.listener")
    /// Guards `state`. An `NSLock` rather than `Mutex`, as the thread sanitizer understands it.
    private let lock = NSLock()
    private var state = State()
    /// Entered while the listening socket is open; left once its descriptor is closed.
    private let listenerOpen = DispatchGroup()

    // Touched only on `queue`.
    private var listener: (any DispatchSourceRead)?
    private var listenerFD: Int32 = -1
    private var listenerSuspended = false

    /// Creates a server that will call `handlerFactory` once for every accepted connection,
    /// on that connection's queue, counting its traffic in `counters`.
    public init(
        configuration: TCPServerConfiguration, counters: TrafficCounters = TrafficCounters(),
        handlerFactory: @escaping @Sendable (Connection) -> any ConnectionHandler
    ) {
        self.configuration = configuration
        self.counters = counters
        self.makeHandler = handlerFactory
        self.limits = Connection.Limits(
            maxLineBytes: configuration.maxLineBytes,
            outboundLimit: configuration.outboundLimit,
            flushTimeout: Self.dispatchInterval(configuration.flushTimeout))
    }

    /// Binds, listens and starts accepting; returns the port actually bound. A server starts
    /// at most once, and not after ``shutdown(finalLine:completion:)``.
    public func start() throws(TCPServerError) -> UInt16 {
        try queue.sync { startListening() }.get()
    }

    /// The number of connections being served, not counting rejected ones. Thread-safe.
    public var connectionCount: Int {
        withState { $0.served.count }
    }

    /// Stops accepting, sends `finalLine` to every connection, flushes for at most the flush
    /// timeout, closes everything including the listening socket, then calls `completion`.
    /// Calling it again, or before ``start()``, only calls `completion` once stopped.
    public func shutdown(finalLine: Data?, completion: @escaping @Sendable () -> Void) {
        enum Step {
            case begin
            case wait
            case done
        }
        let step = withState { state -> Step in
            switch state.phase {
            case .idle, .stopped:
                state.phase = .stopped
                return .done
            case .running:
                state.phase = .stopping
                state.shutdownWaiters.append(completion)
                return .begin
            case .stopping:
                state.shutdownWaiters.append(completion)
                return .wait
            }
        }
        switch step {
        case .begin: queue.async { self.closeEverything(finalLine: finalLine) }
        case .wait: break
        case .done: completion()
        }
    }

    /// Runs on the server's queue, so a concurrent shutdown finds the listener in place.
    private func startListening() -> Result<UInt16, TCPServerError> {
        dispatchPrecondition(condition: .onQueue(queue))
        let claimed = withState { state -> Bool in
            guard case .idle = state.phase else { return false }
            state.phase = .running
            return true
        }
        guard claimed else { return .failure(.alreadyStarted) }
        Socket.ignoreBrokenPipe()
        do {
            let bound = try Socket.listen(
                host: configuration.host, port: configuration.port, backlog: SOMAXCONN)
            startAccepting(on: bound.fd)
            return .success(bound.port)
        } catch {
            withState { state in
                if case .running = state.phase { state.phase = .idle }
            }
            return .failure(error)
        }
    }

    private func startAccepting(on fd: Int32) {
        dispatchPrecondition(condition: .onQueue(queue))
        listenerFD = fd
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { self.acceptPending() }
        listenerOpen.enter()
        source.setCancelHandler {
            Glibc.close(fd)
            self.listenerOpen.leave()
        }
        listener = source
        source.activate()
    }

    private func acceptPending() {
        dispatchPrecondition(condition: .onQueue(queue))
        for _ in 0..<Self.acceptBudget {
            switch Socket.accept(from: listenerFD) {
            case .accepted(let fd, let peer):
                admit(fd: fd, peer: peer)
            case .wouldBlock:
                return
            case .failed(let code) where [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code):
                pauseAccepting()
                return
            case .failed:
                return
            }
        }
    }

    /// Out of descriptors or memory: the pending connection stays in the backlog, so the
    /// level-triggered listener would fire without pause. Wait a moment instead.
    private func pauseAccepting() {
        guard let listener, !listenerSuspended else { return }
        listenerSuspended = true
        listener.suspend()
        queue.asyncAfter(deadline: .now() + Self.acceptPause) {
            guard self.listenerSuspended, let listener = self.listener else { return }
            self.listenerSuspended = false
            listener.resume()
        }
    }

    private func admit(fd: Int32, peer: String) {
        let admitted = withState { state -> (Connection, rejected: Bool)? in
            guard case .running = state.phase else { return nil }
            let id = state.nextID
            state.nextID += 1
            let rejected = state.served.count >= configuration.maxConnections
            let connection = Connection(
                id: id, fd: fd, peer: peer, limits: limits, counters: counters,
                makeHandler: rejected ? nil : makeHandler,
                onClose: { self.remove($0) })
            if rejected {
                state.rejected[id] = connection
            } else {
                state.served[id] = connection
            }
            return (connection, rejected)
        }
        guard let (connection, rejected) = admitted else {
            Glibc.close(fd)
            return
        }
        connection.start()
        if rejected {
            connection.send(configuration.rejectionLine)
            connection.close(flush: true)
        }
    }

    private func remove(_ connection: Connection) {
        withState { state in
            if state.served.removeValue(forKey: connection.id) == nil {
                state.rejected.removeValue(forKey: connection.id)
            }
        }
    }

    private func closeEverything(finalLine: Data?) {
        dispatchPrecondition(condition: .onQueue(queue))
        let group = DispatchGroup()
        if let listener {
            group.enter()
            listenerOpen.notify(queue: queue) { group.leave() }
            if listenerSuspended {
                listenerSuspended = false
                listener.resume()
            }
            listener.cancel()
            self.listener = nil
        }
        let connections = withState { Array($0.served.values) + Array($0.rejected.values) }
        for connection in connections {
            group.enter()
            connection.shutDown(finalLine: finalLine) { group.leave() }
        }
        group.notify(queue: queue) {
            let waiters = self.withState { state in
                state.phase = .stopped
                let waiters = state.shutdownWaiters
                state.shutdownWaiters = []
                return waiters
            }
            for waiter in waiters { waiter() }
        }
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return .never }
        return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
    }
}
