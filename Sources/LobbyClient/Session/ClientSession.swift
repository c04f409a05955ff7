import Foundation
import LobbyProtocol

/// A client's session with a server: the connection, the state built from its messages, an
/// optional autoplayer that answers turns, and automatic reconnection after a dropped
/// connection or a server restart (see ``ReconnectPolicy``): with the token while the server
/// knows it, else as a new session.
///
/// Thread-safe: messages are applied on the connection's reader thread, and any thread may
/// send requests, read the state or wait for a condition on it.
public final class ClientSession: @unchecked Sendable {
    /// Called after each message is applied, on the reader thread, with the new state.
    public typealias Observer = @Sendable (ServerMessage, SessionState) -> Void

    /// The server.
    public let address: ServerAddress
    /// The name to say hello with.
    public let name: String
    private let condition = NSCondition()
    private var connection: LobbyConnection?
    private var current = SessionState()
    private var autoplayer: AutoPlayer?
    private var observer: Observer?
    private var closing = false
    private var errorCount = 0
    private var disconnectCount = 0
    private var malformed = 0
    private var retired = LatencyRecorder()
    private var retiredMessages = 0
    private var policy = ReconnectPolicy.standard
    private var reporter: (@Sendable (ReconnectEvent) -> Void)?
    private var shutdownReason: String?
    /// True while a reconnect thread runs: a connection that drops during one of its
    /// attempts does not start another.
    private var reconnecting = false
    /// Try to reconnect when the connection drops.
    public var resumes = true
    /// Where the session's connections are read: a thread of their own when nil, else the
    /// group's shared threads (for load tests with many sessions). Set before connecting.
    public var readers: ReaderGroup?
    /// Whether to connect over a WebSocket to the server's `/ws` rather than TCP lines. Set
    /// before connecting.
    public var webSocket = false

    /// A session that will connect to `address` as `name`.
    public init(
        address: ServerAddress, name: String, autoplayer: AutoPlayer? = nil,
        observer: Observer? = nil
    ) {
        self.address = address
        self.name = name
        self.autoplayer = autoplayer
        self.observer = observer
    }

    /// Whether the state keeps its last few actions in words (``SessionState/recent``); a
    /// load test's clients, which nobody reads, do not.
    public var keepsRecentActions: Bool {
        get {
            condition.lock()
            defer { condition.unlock() }
            return current.keepsRecent
        }
        set {
            condition.lock()
            current.keepsRecent = newValue
            condition.unlock()
        }
    }

    /// Says hello with `token` on the next connect, to resume a saved session.
    public func useToken(_ token: String) {
        condition.lock()
        current.token = token
        condition.unlock()
    }

    /// How long and how often to try to reconnect; set before connecting.
    public var reconnectPolicy: ReconnectPolicy {
        get {
            condition.lock()
            defer { condition.unlock() }
            return policy
        }
        set {
            condition.lock()
            policy = newValue
            condition.unlock()
        }
    }

    /// Calls `report` with each step of reconnecting, on the thread that reconnects (which may
    /// send requests and wait for their replies).
    public func onReconnect(_ report: @escaping @Sendable (ReconnectEvent) -> Void) {
        condition.lock()
        reporter = report
        condition.unlock()
    }

    /// Connects and says hello (with the token, when resuming); returns the welcome. When the
    /// hello fails, the new connection is closed again.
    @discardableResult
    public func connect(timeout: Double = 10) throws(ClientError) -> Welcome {
        let connection =
            webSocket
            ? try LobbyConnection.connectWebSocket(host: address.host, port: address.port)
            : try LobbyConnection.connect(host: address.host, port: address.port)
        connection.start(readers: readers) { [self] event in handle(event, from: connection) }
        condition.lock()
        self.connection = connection
        let token = current.token
        condition.unlock()
        do throws(ClientError) {
            let reply = try connection.call(.hello(name: name, token: token), timeout: timeout)
            switch reply.event {
            case .welcome(let welcome): return welcome
            case .error(let error):
                throw .server(code: error.code.rawValue, message: error.message)
            default:
                throw .server(
                    code: "unexpected", message: "hello answered with \(reply.event.type)")
            }
        } catch {
            condition.lock()
            if self.connection === connection { self.connection = nil }
            condition.unlock()
            connection.close()
            throw error
        }
    }

    /// The state now.
    public var state: SessionState {
        condition.lock()
        defer { condition.unlock() }
        return current
    }

    /// Error replies received so far.
    public var errors: Int {
        condition.lock()
        defer { condition.unlock() }
        return errorCount
    }

    /// Connections lost without `close`.
    public var disconnects: Int {
        condition.lock()
        defer { condition.unlock() }
        return disconnectCount
    }

    /// Lines that were not well-formed server messages.
    public var malformedLines: Int {
        condition.lock()
        defer { condition.unlock() }
        return malformed
    }

    /// Request latencies and messages received, over every connection of the session.
    public var traffic: (latencies: LatencyRecorder, messages: Int) {
        condition.lock()
        defer { condition.unlock() }
        var latencies = retired
        var messages = retiredMessages
        if let connection {
            latencies.merge(connection.latencies)
            messages += connection.messagesReceived
        }
        return (latencies, messages)
    }

    /// Sends a request; returns its id, or nil when not connected.
    @discardableResult
    public func send(_ request: ClientRequest) -> Int? {
        condition.lock()
        let connection = self.connection
        condition.unlock()
        return connection?.send(request)
    }

    /// Sends a request and waits for its reply.
    public func call(_ request: ClientRequest, timeout: Double = 10) throws(ClientError)
        -> ServerMessage
    {
        condition.lock()
        let connection = self.connection
        condition.unlock()
        guard let connection else { throw .disconnected }
        return try connection.call(request, timeout: timeout)
    }

    /// Waits until `predicate` holds for the state (checked after every message), or the
    /// timeout passes, or the session closes. Returns whether it holds.
    public func wait(timeout: Double, until predicate: (SessionState) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(current) {
            if closing && connection == nil { return false }
            if !condition.wait(until: deadline) { return predicate(current) }
        }
        return true
    }

    /// True once the session has closed for good (by `close` or after failing to resume).
    public var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closing && connection == nil
    }

    /// Closes the session for good.
    public func close() {
        condition.lock()
        closing = true
        let connection = self.connection
        condition.broadcast()
        condition.unlock()
        connection?.close()
    }

    private func handle(_ event: ConnectionEvent, from source: LobbyConnection) {
        switch event {
        case .message(let message):
            condition.lock()
            if case .error = message.event { errorCount += 1 }
            if case .shutdown(let notice) = message.event { shutdownReason = notice.message }
            guard let observer else {
                // Updated and answered in place: a copy of the state (over a kilobyte, with
                // the deal's event lists) for every message would cost more than the update.
                current.apply(message)
                let reply = Self.answer(message, in: &current, by: &autoplayer)
                condition.broadcast()
                condition.unlock()
                if let reply { source.send(reply) }
                return
            }
            var next = current
            next.apply(message)
            let reply = autoplayer?.respond(to: message, in: next)
            condition.unlock()
            if let reply { source.send(reply) }
            // The observer sees the message before anyone waiting on the state can see its
            // effect: the new state is published only after the observer returns.
            observer(message, next)
            condition.lock()
            current = next
            condition.broadcast()
            condition.unlock()
        case .malformed(let line):
            condition.lock()
            malformed += 1
            current.violations.append("malformed line: \(line.prefix(120))")
            condition.broadcast()
            condition.unlock()
        case .closed:
            connectionClosed(source)
        }
    }

    /// The autoplayer's answer to `message`. The state is taken `inout` only so that it is
    /// read where it lies: read as an argument from the session's property, it would be
    /// copied first.
    private static func answer(
        _ message: ServerMessage, in state: inout SessionState, by player: inout AutoPlayer?
    ) -> ClientRequest? {
        player?.respond(to: message, in: state)
    }

    private func connectionClosed(_ source: LobbyConnection) {
        condition.lock()
        retired.merge(source.latencies)
        retiredMessages += source.messagesReceived
        let deliberate = closing
        let wasCurrent = connection === source
        if wasCurrent { connection = nil }
        if !deliberate && wasCurrent { disconnectCount += 1 }
        let shouldReconnect =
            !deliberate && wasCurrent && resumes && current.token != nil && !reconnecting
        if shouldReconnect { reconnecting = true }
        let reason = shutdownReason
        shutdownReason = nil
        condition.broadcast()
        condition.unlock()
        guard shouldReconnect else { return }
        report(.lost(reason: reason))
        let thread = Thread { [self] in reconnect() }
        thread.start()
    }

    /// Tries to connect again until it works, the window passes or the session is closed:
    /// with the token first, and as a new session once the server says it does not know it.
    private func reconnect() {
        let policy = reconnectPolicy
        let started = Date()
        var attempt = 0
        var fresh = false
        while true {
            attempt += 1
            do throws(ClientError) {
                let welcome = try connect()
                if isClosing {
                    close()
                    return
                }
                // A connection lost again at once (or closed by the server while the hello
                // was answered) is tried again by this same thread, after the usual wait.
                condition.lock()
                let lostAgain = connection == nil
                if !lostAgain { reconnecting = false }
                condition.unlock()
                if !lostAgain {
                    if fresh {
                        report(.startedFresh(name: welcome.name))
                    } else {
                        // Away from any table a state request is only refused (not_seated).
                        if welcome.table != nil { send(.state) }
                        report(.resumed(attempt: attempt))
                    }
                    return
                }
            } catch {
                if case .server(let code, _) = error, code == ErrorCode.invalidToken.rawValue {
                    forgetSession()
                    report(.tokenUnknown)
                    fresh = true
                    continue
                }
            }
            let left = policy.window - Date().timeIntervalSince(started)
            if left <= 0 { break }
            let delay = min(policy.delay(afterAttempt: attempt), left)
            report(.waiting(seconds: delay, attempt: attempt + 1))
            if !pause(until: Date(timeIntervalSinceNow: delay)) { return }
        }
        report(.gaveUp(seconds: policy.window))
        condition.lock()
        reconnecting = false
        closing = true
        condition.broadcast()
        condition.unlock()
    }

    private var isClosing: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closing
    }

    /// Waits until `deadline`; false when the session was closed meanwhile.
    private func pause(until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !closing {
            if !condition.wait(until: deadline) { return !closing }
        }
        return false
    }

    /// Starts over after the server forgot the token: no token, table, seat or deal; the
    /// violations and finished games seen so far stay.
    private func forgetSession() {
        condition.lock()
        var state = SessionState()
        state.keepsRecent = current.keepsRecent
        state.violations = current.violations
        state.finishedGames = current.finishedGames
        current = state
        condition.broadcast()
        condition.unlock()
    }

    private func report(_ event: ReconnectEvent) {
        condition.lock()
        let reporter = self.reporter
        condition.unlock()
        reporter?(event)
    }
}
