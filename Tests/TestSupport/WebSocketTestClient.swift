import Foundation
import WebSocket

/// A WebSocket client for tests over a real socket: sends the opening handshake, masked
/// frames (whole messages, fragments, or any bytes at all), and reads the server's frames.
/// Every read gives up after the socket's timeout, as ``LineClient``'s do.
public final class WebSocketTestClient: @unchecked Sendable {
    /// Why the handshake failed.
    public struct Refused: Error, CustomStringConvertible {
        /// The status line and header fields of the response.
        public let head: String
        public var description: String { "handshake refused: \(head)" }
    }

    /// The socket underneath.
    public let socket: LineClient
    /// The response to the handshake, without its blank line.
    public private(set) var responseHead = ""
    private var decoder = WebSocketFrameDecoder(role: .client, maxMessageBytes: 1 << 24)
    private var events: [WebSocketEvent] = []
    private var failure: WebSocketFailure?
    private var generator = SystemRandomNumberGenerator()

    private init(socket: LineClient) {
        self.socket = socket
    }

    /// The handshake a browser at `origin` would send for `path`.
    public static func handshake(
        port: UInt16, path: String = "/ws", origin: String? = nil, key: String = "dGhlIHNhbXBsZSBub25jZQ==",
        extra: [String] = []
    ) -> String {
        var lines = [
            "GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Upgrade: websocket",
            "Connection: keep-alive, Upgrade", "Sec-WebSocket-Key: \(key)",
            "Sec-WebSocket-Version: 13",
            "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits",
        ]
        if let origin { lines.append("Origin: \(origin)") }
        return (lines + extra).joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// Connects and completes the handshake; throws ``Refused`` for any answer but 101.
    public static func connect(
        port: UInt16, path: String = "/ws", origin: String? = nil, timeout: Duration = .seconds(15)
    ) throws -> WebSocketTestClient {
        let socket = try LineClient.connect(port: port, timeout: timeout)
        try socket.sendRaw(Array(handshake(port: port, path: path, origin: origin).utf8))
        return try adopt(socket)
    }

    /// Completes a handshake already sent on `socket`; throws ``Refused`` for any answer but
    /// 101.
    public static func adopt(_ socket: LineClient) throws -> WebSocketTestClient {
        let client = WebSocketTestClient(socket: socket)
        let (head, rest) = try readHead(from: socket)
        client.responseHead = head
        guard head.hasPrefix("HTTP/1.1 101 ") else { throw Refused(head: head) }
        try client.take(rest)
        return client
    }

    /// Reads an HTTP response head; returns it and the bytes after it.
    public static func readHead(from socket: LineClient) throws -> (String, [UInt8]) {
        var bytes: [UInt8] = []
        while true {
            if let end = bytes.indices.dropLast(3).first(where: {
                bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A && bytes[$0 + 2] == 0x0D && bytes[$0 + 3] == 0x0A
            }) {
                return (String(decoding: bytes[..<end], as: UTF8.self), Array(bytes[(end + 4)...]))
            }
            guard let more = try socket.readBytes() else {
                return (String(decoding: bytes, as: UTF8.self), [])
            }
            bytes += more
        }
    }

    /// Sends a text message in one frame.
    public func send(_ text: String) throws {
        try sendFrame(.text, Array(text.utf8))
    }

    /// Sends one masked frame.
    public func sendFrame(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) throws {
        try socket.sendRaw(frame(opcode, payload, fin: fin))
    }

    /// One masked frame's bytes, with a fresh key.
    public func frame(_ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        let word = generator.next() as UInt32
        let key = (
            UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 8),
            UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 24)
        )
        var output: [UInt8] = []
        payload.withUnsafeBytes {
            WebSocketFrameEncoder.append(opcode, payload: $0, fin: fin, maskKey: key, to: &output)
        }
        return output
    }

    /// The next message or control frame from the server; nil once it closed the TCP
    /// connection. Throws when the server's frames break the protocol.
    public func next() throws -> WebSocketEvent? {
        while events.isEmpty {
            if let failure { throw failure }
            guard let bytes = try socket.readBytes() else { return nil }
            try take(bytes)
        }
        return events.removeFirst()
    }

    /// The next text message, skipping pings and pongs; throws when something else comes.
    public func nextText() throws -> String {
        while let event = try next() {
            switch event {
            case .text(let data): return String(decoding: data, as: UTF8.self)
            case .ping, .pong: continue
            default: throw TestClientFailure("expected a text message, got \(event)")
            }
        }
        throw TestClientFailure("the server closed before a text message")
    }

    /// Text messages up to and including the first one containing `fragment`.
    public func texts(until fragment: String) throws -> [String] {
        var texts: [String] = []
        while true {
            let text = try nextText()
            texts.append(text)
            if text.contains(fragment) { return texts }
        }
    }

    /// The close frame the server sent, skipping everything before it; nil when the TCP
    /// connection ended without one.
    public func closeFrame() throws -> (code: WebSocketCloseCode?, reason: String)? {
        while let event = try next() {
            if case .close(let code, let reason) = event { return (code, reason) }
        }
        return nil
    }

    private func take(_ bytes: [UInt8]) throws {
        let found = bytes.withUnsafeBytes { decoder.feed($0) { events.append($0) } }
        if let found { failure = found }
    }
}

/// A failure of a test client's expectations.
public struct TestClientFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
