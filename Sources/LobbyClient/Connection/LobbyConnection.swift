import Foundation
import Glibc
import LobbyProtocol
import WebSocket

/// One connection to a lobby server, over TCP lines or a WebSocket to `/ws`: sends requests
/// as JSON lines (one masked text message each over a WebSocket) with increasing ids and
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
    /// Over a WebSocket: the bytes that followed the handshake's answer, read first.
    private let webSocketStart: [UInt8]?
    private var maskKeys = SystemRandomNumberGenerator()

    /// A connection over an already connected socket, which it now owns; with
    /// `webSocketStart`, a WebSocket whose handshake is done, those bytes having followed it.
    init(fd: Int32, webSocketStart: [UInt8]? = nil) {
        self.fd = fd
        self.webSocketStart = webSocketStart
    }

    /// True when the connection is a WebSocket.
    public var isWebSocket: Bool { webSocketStart != nil }

    /// Connects to `host` (a name such as `localhost` or an IPv4 address) and `port`.
    public static func connect(host: String, port: UInt16) throws(ClientError) -> LobbyConnection
    {
        signal(SIGPIPE, SIG_IGN)
        return LobbyConnection(fd: try SocketConnector.connect(host: host, port: port))
    }

    /// Connects to `host` and `port` and opens a WebSocket to the server's `/ws`.
    public static func connectWebSocket(host: String, port: UInt16) throws(ClientError)
        -> LobbyConnection
    {
        signal(SIGPIPE, SIG_IGN)
        let fd = try SocketConnector.connect(host: host, port: port)
        do {
            let rest = try WebSocketClientHandshake.perform(fd: fd, host: host, port: port)
            return LobbyConnection(fd: fd, webSocketStart: rest)
        } catch {
            Glibc.close(fd)
            throw error
        }
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
        let input = IncomingLines(webSocket: isWebSocket)
        if let webSocketStart, !webSocketStart.isEmpty {
            // Frames that came with the handshake's answer, read before any other.
            let complete = webSocketStart.withUnsafeBytes { take($0, input, handler) }
            if !complete {
                shutdown(fd, Int32(SHUT_RDWR))
            }
        }
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

    /// Closes the connection (a WebSocket with a close frame first); the handler then
    /// receives `.closed`.
    public func close() {
        sendLock.lock()
        defer { sendLock.unlock() }
        guard !closed else { return }
        if isWebSocket {
            _ = sendFrame(.close, WebSocketFrameEncoder.closePayload(.normal))
        }
        shutdown(fd, Int32(SHUT_RDWR))
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

    /// Writes one line (ending with its newline): as it is, or over a WebSocket as one text
    /// message without the newline.
    private func write(_ data: [UInt8]) -> Bool {
        sendLock.lock()
        defer { sendLock.unlock() }
        // Once closed, the descriptor's number may already belong to another socket.
        guard !closed else { return false }
        guard isWebSocket else { return sendAll(data) }
        let line = data.last == 0x0A ? data.dropLast() : data[...]
        return sendFrame(.text, Array(line))
    }

    /// Sends one masked frame, under the send lock, with a fresh key.
    private func sendFrame(_ opcode: WebSocketOpcode, _ payload: [UInt8]) -> Bool {
        let word = maskKeys.next() as UInt32
        let key = (
            UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8),
            UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 24)
        )
        var frame: [UInt8] = []
        frame.reserveCapacity(payload.count + WebSocketFrameEncoder.maxHeaderBytes)
        payload.withUnsafeBytes {
            WebSocketFrameEncoder.append(opcode, payload: $0, maskKey: key, to: &frame)
        }
        return sendAll(frame)
    }

    /// Sends every byte, under the send lock.
    private func sendAll(_ data: [UInt8]) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
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
        if input.frames != nil { return takeFrames(bytes, input, handler) }
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

    /// Reads WebSocket frames: each text message is one line; a ping is answered, a close
    /// frame answered and reading stopped. False when reading must stop.
    private func takeFrames(
        _ bytes: UnsafeRawBufferPointer, _ input: IncomingLines,
        _ handler: @Sendable (ConnectionEvent) -> Void
    ) -> Bool {
        var open = true
        let failure = input.frames!.feed(bytes) { event in
            guard open else { return }
            switch event {
            case .text(let message):
                message.withUnsafeBytes { deliver($0, decoder: input.decoder, handler: handler) }
            case .binary:
                handler(.malformed("a binary WebSocket message"))
            case .ping(let payload):
                sendLock.lock()
                if !closed { _ = sendFrame(.pong, Array(payload)) }
                sendLock.unlock()
            case .pong:
                break
            case .close(let code, _):
                sendLock.lock()
                if !closed {
                    let payload = code.map { WebSocketFrameEncoder.closePayload($0) } ?? []
                    _ = sendFrame(.close, payload)
                }
                sendLock.unlock()
                open = false
            }
        }
        if let failure {
            handler(.malformed("WebSocket: \(failure.reason)"))
            return false
        }
        return open
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
    /// Over a WebSocket, the frames' decoder (the server's frames are not masked).
    var frames: WebSocketFrameDecoder?

    init(webSocket: Bool) {
        if webSocket {
            frames = WebSocketFrameDecoder(
                role: .client, maxMessageBytes: ProtocolVersion.maxLineBytes * 4)
        }
    }
}
