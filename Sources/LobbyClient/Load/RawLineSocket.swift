import Glibc

/// A bare blocking connection for load generation: writes request lines and reads reply
/// lines as text, without decoding, so that hundreds of background connections cost the
/// client almost nothing. After set-up its descriptor is usually handed to a ``LineDrain``.
/// Used by one thread at a time: the one setting it up, then the one sending on it.
final class RawLineSocket: @unchecked Sendable {
    /// The socket descriptor.
    let fd: Int32
    private var buffer: [UInt8] = []
    private var isClosed = false

    /// Connects to the server.
    init(address: ServerAddress) throws(ClientError) {
        signal(SIGPIPE, SIG_IGN)
        fd = try SocketConnector.connect(host: address.host, port: address.port)
    }

    deinit { close() }

    /// Sends `line` and a newline; false when the connection is gone.
    @discardableResult
    func send(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        return sendBytes(bytes)
    }

    /// Sends `bytes` as they are; false when the connection is gone.
    @discardableResult
    func sendBytes(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(
                    fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }

    /// Reads lines until one satisfies `done`, and returns it; throws when the connection
    /// ends first.
    func readLine(until done: (String) -> Bool) throws(ClientError) -> String {
        while true {
            let line = try readLine()
            if done(line) { return line }
        }
    }

    /// The next line, without its newline.
    func readLine() throws(ClientError) -> String {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .disconnected }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Closes the socket (once).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(fd)
    }
}
