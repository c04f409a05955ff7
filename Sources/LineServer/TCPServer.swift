import Dispatch
import Foundation
import Glibc

/// A line-oriented TCP server: accepts IPv4 connections and gives each one a
/// ``ConnectionHandler`` made by the factory passed at creation.
///
/// Accepting runs on the server's own queue and each ``Connection`` on its own, all of them
/// on the root queues of the configuration's ``QueueGroup``, whose pollers (one thread per
/// root, waiting in epoll) run the connections' reads: no client holds a thread, a slow
/// client only ever delays itself, and thousands of connections use a few threads.
///
/// The server counts its traffic in ``counters`` and reports each connection it drops or
/// refuses for a reason other than the peer closing to its log, with the peer's address.
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
        /// Connections over a cap, closing after their rejection line.
        var rejected: [Int: Connection] = [:]
        /// The number of served connections from each IP address.
        var servedPerHost: [String: Int] = [:]
        /// Served connections being closed to make room, not counted against the cap.
        var evicting: Set<Int> = []
        var shutdownWaiters: [@Sendable () -> Void] = []
    }

    /// The settings the server was created with.
    public let configuration: TCPServerConfiguration
    /// The server's running totals.
    public let counters: ServerCounters

    private static let acceptBudget = 64
    private static let acceptPause = DispatchTimeInterval.milliseconds(100)

    private let makeHandler: @Sendable (Connection) -> any ConnectionHandler
    private let log: @Sendable (String) -> Void
    private let limits: Connection.Limits
    private let queue: DispatchQueue
    /// Guards `state`. An `NSLock` rather than `Mutex`, as the thread sanitizer understands it.
    private let lock = NSLock()
    private var state = State()
    /// Entered while the listening socket is open; left once its descriptor is closed.
    private let listenerOpen = DispatchGroup()

    // Touched only on `queue`.
    private var listener: (any DispatchSourceRead)?
    private var listenerFD: Int32 = -1
    private var listenerSuspended = false
    /// A descriptor kept open only to be given up when the process runs out of them, so that
    /// a connection can still be accepted, told the server is full, and closed: otherwise it
    /// would wait in the backlog and hear nothing.
    private var reserveFD: Int32 = -1

    /// Creates a server that will call `handlerFactory` once for every accepted connection,
    /// on that connection's queue. `log` receives one line for every connection dropped or
    /// refused for a reason other than the peer closing, and for running out of descriptors.
    public init(
        configuration: TCPServerConfiguration,
        counters: ServerCounters = ServerCounters(),
        log: @escaping @Sendable (String) -> Void = { _ in },
        handlerFactory: @escaping @Sendable (Connection) -> any ConnectionHandler
    ) {
        self.configuration = configuration
        self.counters = counters
        self.log = log
        self.makeHandler = handlerFactory
        self.queue = configuration.queues.makeSerialQueue(label: "LineServer.listener")
        self.limits = Connection.Limits(
            maxLineBytes: configuration.maxLineBytes,
            outboundLimit: configuration.outboundLimit,
            flushTimeout: Connection.dispatchInterval(configuration.flushTimeout),
            readBudgetBytes: max(configuration.readBudgetBytes, 1),
            incompleteLineTimeout: configuration.incompleteLineTimeout.map(
                Connection.dispatchInterval),
            beforeWrite: configuration.beforeWrite)
    }

    /// Binds, listens and starts accepting; returns the port actually bound. A server starts
    /// at most once, and not after ``shutdown(finalLine:completion:)``. It waits for the
    /// server's queue, so call it from outside the configuration's ``QueueGroup``.
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
            try configuration.queues.startPollers(
                count: configuration.pollerCount, spinLimit: configuration.pollSpinLimit)
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
        reserveFD = Socket.openReserveDescriptor()
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler { self.acceptPending() }
        listenerOpen.enter()
        source.setCancelHandler {
            Glibc.close(fd)
            if self.reserveFD >= 0 { Glibc.close(self.reserveFD) }
            self.reserveFD = -1
            self.listenerOpen.leave()
        }
        listener = source
        source.activate()
    }

    private func acceptPending() {
        dispatchPrecondition(condition: .onQueue(queue))
        for _ in 0..<Self.acceptBudget {
            switch Socket.accept(from: listenerFD) {
            case .accepted(let fd, let peer, let host):
                admit(fd: fd, peer: peer, host: host)
            case .wouldBlock:
                return
            case .failed(let code) where code == EMFILE || code == ENFILE:
                guard refuseWithReserve() else {
                    pauseAccepting()
                    return
                }
            case .failed(let code) where code == ENOBUFS || code == ENOMEM:
                pauseAccepting()
                return
            case .failed:
                return
            }
        }
    }

    /// Out of descriptors: gives up the reserve descriptor for a moment to accept the next
    /// pending connection, tell it the server is full, and close it. False when there is no
    /// reserve, or nothing could be accepted with it.
    private func refuseWithReserve() -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        guard reserveFD >= 0 else { return false }
        Glibc.close(reserveFD)
        defer { reserveFD = Socket.openReserveDescriptor() }
        guard case .accepted(let fd, let peer, _) = Socket.accept(from: listenerFD) else {
            return false
        }
        Socket.refuse(fd, with: Array(configuration.rejectionLine))
        counters.connectionRejected(.serverFull)
        log("out of file descriptors: refused \(peer) as the server is full")
        return true
    }

    /// Out of descriptors or RAM: the pending connection stays in the backlog, so the
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

    private func admit(fd: Int32, peer: String, host: String) {
        typealias Admission = (Connection, refusal: ServerCounters.Disconnect?, evicted: Connection?)
        let admitted = withState { state -> Admission? in
            guard case .running = state.phase else { return nil }
            let id = state.nextID
            state.nextID += 1
            var evicted: Connection?
            if state.served.count - state.evicting.count >= configuration.maxConnections,
                configuration.evictionLine != nil, let victim = longestIdle(in: state)
            {
                state.evicting.insert(victim.id)
                evicted = victim
            }
            let refusal: ServerCounters.Disconnect? =
                if state.served.count - state.evicting.count >= configuration.maxConnections {
                    .serverFull
                } else if state.servedPerHost[host, default: 0]
                    >= configuration.maxConnectionsPerAddress
                {
                    .perAddressCap
                } else {
                    nil
                }
            let (queue, poller) = configuration.queues.makeConnectionQueue(
                label: "LineServer.connection.\(id)")
            let connection = Connection(
                id: id, fd: fd, peer: peer, host: host, queue: queue, poller: poller,
                limits: limits, counters: counters,
                makeHandler: refusal == nil ? makeHandler : nil,
                makeTransport: configuration.transport,
                refusal: refusal.map {
                    $0 == .serverFull
                        ? configuration.rejectionLine : configuration.perAddressRejectionLine
                },
                onClose: { connection, reason in self.remove(connection, host: host, reason) })
            if refusal == nil {
                state.served[id] = connection
                state.servedPerHost[host, default: 0] += 1
            } else {
                state.rejected[id] = connection
            }
            return (connection, refusal, evicted)
        }
        guard let (connection, refusal, evicted) = admitted else {
            Glibc.close(fd)
            return
        }
        if let evicted, let line = configuration.evictionLine {
            log("server full: closing \(evicted.peer), silent longest, to admit \(peer)")
            evicted.send(line)
            evicted.close(flush: true, reason: .evicted)
        }
        guard let refusal else {
            counters.connectionAccepted()
            connection.start()
            return
        }
        counters.connectionRejected(refusal)
        log("refused \(peer): \(refusal.rawValue)")
        connection.start()
    }

    /// The served connection its handler lets go that has been silent longest, if any has
    /// been silent for ``TCPServerConfiguration/evictionIdle``. Looks through every served
    /// connection, which only a full server does, once per connection it admits.
    private func longestIdle(in state: State) -> Connection? {
        let idle = configuration.evictionIdle.components
        let idleNanoseconds =
            UInt64(max(idle.seconds, 0)) * 1_000_000_000 + UInt64(max(idle.attoseconds, 0) / 1_000_000_000)
        let now = DispatchTime.now().uptimeNanoseconds
        var oldest: Connection?
        for connection in state.served.values
        where connection.evictable && !state.evicting.contains(connection.id) {
            let heard = connection.lastLineNanoseconds
            guard now >= heard, now - heard >= idleNanoseconds else { continue }
            if heard < oldest?.lastLineNanoseconds ?? UInt64.max { oldest = connection }
        }
        return oldest
    }

    private func remove(_ connection: Connection, host: String, _ reason: CloseReason) {
        let served = withState { state -> Bool in
            state.evicting.remove(connection.id)
            guard state.served.removeValue(forKey: connection.id) != nil else {
                state.rejected.removeValue(forKey: connection.id)
                return false
            }
            let left = state.servedPerHost[host, default: 1] - 1
            state.servedPerHost[host] = left > 0 ? left : nil
            return true
        }
        guard served else { return }
        counters.connectionClosed(reason)
        switch reason {
        case .peerClosed, .closedByServer: break
        case .outboundOverflow, .lineTooLong, .idleTimeout, .flooding, .evicted, .protocolViolation,
            .error:
            log("dropped \(connection.peer): \(ServerCounters.Disconnect(reason).rawValue)")
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
}
