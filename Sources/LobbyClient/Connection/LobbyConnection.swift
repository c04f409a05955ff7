import Foundation
import Glibc
import LobbyProtocol

/// One TCP connection to a lobby server: sends requests as JSON lines with increasing ids and
/// hands every received line, decoded, to a handler on its own reader thread.
///
/// Blocking I/O on a dedicated thread keeps the client simple; `call` waits for the reply to
/// one request while the handler still sees every message.
public final class LobbyConnection: @unchecked Sendable {
    private let fd: Int32
    private let condition = NSCondition()
    private let sendLock = NSLock()
    private var nextID = 1
    private var sentAt: [Int: UInt64] = [:]
    private var replies: [Int: ServerMessage] = [:]
    private var waiting: Set<Int> = []
    private var isClosed = false
    private var started = false
    private var latencyRecorder = LatencyRecorder()
    private var received = 0

    /// A connection over an already connected socket, which it now owns.
    init(fd: Int32) {
        self.fd = fd
    }

    /// Connects to `host` (a name such as `localhost` or an IPv4 address) and `port`.
    public static func connect(host: String, port: UInt16) throws(ClientError) -> LobbyConnection
    {
        signal(SIGPIPE, SIG_IGN)
        return LobbyConnection(fd: try SocketConnector.connect(host: host, port: port))
    }

    /// Starts reading; `handler` receives every event, ending with `.closed`. Without
    /// `readers` the connection reads on a thread of its own; with them, on one of the
    /// group's threads, shared with other connections (the handler must then not block).
    /// Call once.
    public func start(
        readers: ReaderGroup? = nil, _ handler: @escaping @Sendable (ConnectionEvent) -> Void
    ) {
        condition.lock()
        precondition(!started, "a connection is started once")
        started = true
        condition.unlock()
        let input = IncomingLines()
        if let readers {
            readers.watch(
                fd, reader: { [self] scratch in read(into: scratch, input, handler) },
                ended: { [self] in readingEnded(handler) })
            return
        }
        let thread = Thread { [self] in readLoop(input, handler) }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Sends a request with the next id and returns that id; nil when the connection is closed.
    @discardableResult
    public func send(_ request: ClientRequest) -> Int? {
        condition.lock()
        let id = nextID
        nextID += 1
        sentAt[id] = DispatchTime.now().uptimeNanoseconds
        condition.unlock()
        return write(RequestEncoder().bytes(request, id: .number(id))) ? id : nil
    }

    /// Sends a request and waits for the first message that echoes its id (a reply or an
    /// error reply). Other messages still go to the handler.
    public func call(_ request: ClientRequest, timeout: Double = 10) throws(ClientError)
        -> ServerMessage
    {
        condition.lock()
        let id = nextID
        waiting.insert(id)
        condition.unlock()
        guard send(request) == id else {
            condition.lock()
            waiting.remove(id)
            condition.unlock()
            throw .disconnected
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer {
            waiting.remove(id)
            condition.unlock()
        }
        while replies[id] == nil && !isClosed {
            if !condition.wait(until: deadline) { throw .timeout }
        }
        guard let reply = replies.removeValue(forKey: id) else { throw .disconnected }
        return reply
    }

    /// Sends a raw line (a newline is added).
    public func sendRaw(_ text: String) -> Bool {
        write(Array((text + "\n").utf8))
    }

    /// Closes the connection; the handler then receives `.closed`.
    public func close() {
        sendLock.lock()
        defer { sendLock.unlock() }
        if !closed { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// True once the connection has closed.
    public var closed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isClosed
    }

    /// Request-to-reply latencies measured so far.
    public var latencies: LatencyRecorder {
        condition.lock()
        defer { condition.unlock() }
        return latencyRecorder
    }

    /// Lines received so far.
    public var messagesReceived: Int {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    private func write(_ data: [UInt8]) -> Bool {
        sendLock.lock()
        defer { sendLock.unlock() }
        // Once closed, the descriptor's number may already belong to another socket.
        guard !closed else { return false }
        return data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }

    /// Reads with blocking calls until the connection ends.
    private func readLoop(_ input: IncomingLines, _ handler: @Sendable (ConnectionEvent) -> Void) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            let complete = chunk.withUnsafeBytes {
                take(UnsafeRawBufferPointer(rebasing: $0[..<count]), input, handler)
            }
            if !complete { break }
        }
        readingEnded(handler)
    }

    /// Reads what the socket holds without waiting, for a ``ReaderGroup``.
    private func read(
        into scratch: UnsafeMutableRawBufferPointer, _ input: IncomingLines,
        _ handler: @Sendable (ConnectionEvent) -> Void
    ) -> ReaderGroup.Next {
        while true {
            let count = recv(fd, scratch.baseAddress, scratch.count, Int32(MSG_DONTWAIT))
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return .keepReading }
            if count <= 0 { return .stop }
            let bytes = UnsafeRawBufferPointer(rebasing: scratch[..<count])
            return take(bytes, input, handler) ? .keepReading : .stop
        }
    }

    /// Hands each complete line in `bytes` to `handler`; false when the input went wrong and
    /// reading must stop. Lines are decoded where they lie in `bytes`; only a line split
    /// between reads is copied, into the connection's pending buffer.
    private func take(
        _ bytes: UnsafeRawBufferPointer, _ input: IncomingLines,
        _ handler: @Sendable (ConnectionEvent) -> Void
    ) -> Bool {
        var rest = bytes
        if !input.pending.isEmpty {
            guard let newline = Self.newline(in: rest) else {
                input.pending.append(contentsOf: rest)
                return pendingFits(input, handler)
            }
            input.pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: rest[..<newline]))
            input.pending.withUnsafeBytes { deliver($0, decoder: input.decoder, handler: handler) }
            input.pending.removeAll(keepingCapacity: true)
            rest = UnsafeRawBufferPointer(rebasing: rest[(newline + 1)...])
        }
        while let newline = Self.newline(in: rest) {
            deliver(
                UnsafeRawBufferPointer(rebasing: rest[..<newline]), decoder: input.decoder,
                handler: handler)
            rest = UnsafeRawBufferPointer(rebasing: rest[(newline + 1)...])
        }
        input.pending.append(contentsOf: rest)
        return pendingFits(input, handler)
    }

    /// The offset of the first newline in `bytes`, if any.
    private static func newline(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, 0x0A, bytes.count) else {
            return nil
        }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// False (after telling the handler) when the unfinished line has grown past any line
    /// the server may send.
    private func pendingFits(
        _ input: IncomingLines, _ handler: @Sendable (ConnectionEvent) -> Void
    ) -> Bool {
        guard input.pending.count > ProtocolVersion.maxLineBytes * 4 else { return true }
        handler(.malformed(String(decoding: input.pending.prefix(200), as: UTF8.self)))
        return false
    }

    /// The connection ended: closes the socket and tells the handler.
    private func readingEnded(_ handler: @Sendable (ConnectionEvent) -> Void) {
        // Closed under the send lock: no send or shutdown can then reach a descriptor number
        // the system has given to another socket.
        sendLock.lock()
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
        Glibc.close(fd)
        sendLock.unlock()
        handler(.closed)
    }

    private func deliver(
        _ line: UnsafeRawBufferPointer, decoder: ServerMessageDecoder,
        handler: @Sendable (ConnectionEvent) -> Void
    ) {
        // Blank lines are skipped, judged on the bytes.
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
        guard let message = try? decoder.decode(bytes: line) else {
            condition.lock()
            received += 1
            condition.unlock()
            handler(.malformed(String(decoding: line, as: UTF8.self)))
            return
        }
        condition.lock()
        received += 1
        if case .number(let id) = message.id {
            if let start = sentAt.removeValue(forKey: id) {
                let elapsed = DispatchTime.now().uptimeNanoseconds - start
                latencyRecorder.record(Double(elapsed) / 1_000_000)
            }
            if waiting.contains(id) && replies[id] == nil {
                replies[id] = message
                condition.broadcast()
            }
        }
        condition.unlock()
        handler(.message(message))
    }
}

/// What a connection's reader keeps between reads: the unfinished line and the decoder.
/// Only the reading thread (or the group thread serving the connection) touches it.
private final class IncomingLines: @unchecked Sendable {
    let decoder = ServerMessageDecoder(printable: true)
    var pending: [UInt8] = []
}
