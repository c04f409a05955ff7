import Foundation
import Glibc
import WebSocket

/// The client's side of the WebSocket opening handshake (RFC 6455 §4.1) on a connected,
/// blocking socket: the upgrade request for the server's `/ws`, with a fresh key, and the
/// checks of its answer (101, and `Sec-WebSocket-Accept` proving the server read the key).
enum WebSocketClientHandshake {
    /// The most bytes an answer's head may take.
    private static let maxHeadBytes = 16_384

    /// Sends the upgrade request and reads the answer; returns the bytes that followed the
    /// answer's head (the start of the first frames).
    static func perform(fd: Int32, host: String, port: UInt16) throws(ClientError) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
            .base64EncodedString()
        let request =
            "GET /ws HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        guard sendAll(fd, Array(request.utf8)) else { throw .disconnected }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            if let end = headEnd(in: received) {
                try check(String(decoding: received[..<end], as: UTF8.self), key: key)
                return Array(received[(end + 4)...])
            }
            guard received.count < maxHeadBytes else {
                throw .server(code: "websocket", message: "the handshake's answer is too long")
            }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .disconnected }
            received += chunk[..<count]
        }
    }

    /// Checks the answer's head: `101` and the accept value for `key`.
    private static func check(_ head: String, key: String) throws(ClientError) {
        let lines = head.components(separatedBy: "\r\n")
        guard let status = lines.first, status.hasPrefix("HTTP/1.1 101 ") else {
            throw .server(
                code: "websocket", message: "the server refused the WebSocket: \(lines.first ?? "")")
        }
        let expected = WebSocketHandshake.acceptValue(forKey: key)
        let accepted = lines.dropFirst().contains { line in
            guard let colon = line.firstIndex(of: ":") else { return false }
            return line[..<colon].lowercased() == "sec-websocket-accept"
                && line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) == expected
        }
        guard accepted else {
            throw .server(code: "websocket", message: "the server's Sec-WebSocket-Accept is wrong")
        }
    }

    /// The offset of the blank line (`\r\n\r\n`) ending a head, if it has arrived.
    private static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first {
            bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A && bytes[$0 + 2] == 0x0D && bytes[$0 + 3] == 0x0A
        }
    }

    private static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }
}
