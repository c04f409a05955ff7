import Foundation
import Glibc

/// Why a ``LineClient`` call failed.
public enum LineClientError: Error, Equatable {
    /// `connect` failed with this `errno`.
    case connectFailed(Int32)
    /// Nothing arrived within the receive timeout.
    case timedOut
    /// The server closed the connection in the middle of a line.
    case truncatedLine(String)
    /// The connection ended before a line matched the predicate.
    case endedBeforeMatch([String])
    /// A socket call failed with this `errno`.
    case failed(Int32)
}

/// A blocking line-oriented TCP client for tests, over a real socket.
///
/// Every read gives up after the receive timeout, so a broken server fails a test instead of
/// hanging it. Use one client from one thread at a time.
public final class LineClient: @unchecked Sendable {
    private let fd: Int32
    private var received: [UInt8] = []
    /// How many bytes at the start of `received` are known to hold no newline.
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private var isClosed = false

    private init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        close()
    }

    /// Connects to `host:port`. A small `receiveBufferBytes` keeps the kernel from absorbing
    /// much of what the server sends, for tests of clients that stop reading.
    public static func connect(
        port: UInt16,
        host: String = "127.0.0.1",
        receiveBufferBytes: Int32? = nil,
        timeout: Duration = .seconds(15)
    ) throws(LineClientError) -> LineClient {
        TestProcessDescriptors.ensureRaised()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .failed(errno) }
        let client = LineClient(fd: fd)
        var wait = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if var size = receiveBufferBytes {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .failed(EINVAL) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw .connectFailed(errno) }
        return client
    }

    /// Sends `line` followed by `"\n"`.
    public func send(_ line: String) throws(LineClientError) {
        try sendRaw(Array((line + "\n").utf8))
    }

    /// Sends `bytes` exactly as given.
    public func sendRaw(_ bytes: [UInt8]) throws(LineClientError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if count >= 0 {
                offset += count
            } else if errno != EINTR {
                throw errno == EAGAIN ? .timedOut : .failed(errno)
            }
        }
    }

    /// Closes the sending direction only, as `nc` does at the end of its input.
    public func finishSending() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Shuts the connection down both ways: a read waiting on another thread returns at once
    /// (as at the end of the stream). The socket stays open until ``close()``.
    public func interrupt() {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// The next line without its `"\n"`, or nil once the server closed the connection.
    ///
    /// Read as a terminal shows it: a text-mode prompt (`ann> `, no newline) is erased by
    /// the carriage return and clear-line that open the lines after it, so a line holds what
    /// follows the last such erase; a prompt left at the end of the stream is no line.
    public func readLine() throws(LineClientError) -> String? {
        while true {
            if let end = received[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = String(decoding: received[..<end], as: UTF8.self)
                received.removeSubrange(...end)
                scanned = 0
                if let erase = line.range(of: Self.erasePrompt, options: .backwards) {
                    line = String(line[erase.upperBound...])
                }
                return line
            }
            scanned = received.count
            guard try receiveMore() else {
                if String(decoding: received, as: UTF8.self).hasSuffix("> ") { return nil }
                guard received.isEmpty else {
                    throw .truncatedLine(String(decoding: received, as: UTF8.self))
                }
                return nil
            }
        }
    }

    /// What erases a text-mode prompt: carriage return, clear to the end of the line.
    public static let erasePrompt = "\r\u{1B}[K"

    /// The prompt the server drew after its latest lines and nothing has erased yet (read
    /// without waiting), or nil when none is showing.
    /// Waits up to `seconds` for it to arrive.
    public func pendingPrompt(seconds: Int32 = 5) throws(LineClientError) -> String? {
        var text = String(decoding: received, as: UTF8.self)
        while !text.contains("\n"), !text.hasSuffix("> "), !isClosed {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, seconds * 1000) > 0, try receiveMore() else { break }
            text = String(decoding: received, as: UTF8.self)
        }
        guard !text.contains("\n"), text.hasSuffix("> ") else { return nil }
        if let erase = text.range(of: Self.erasePrompt, options: .backwards) {
            return String(text[erase.upperBound...])
        }
        return text
    }

    /// Reads lines up to and including the first one matching `predicate`.
    public func readLines(until predicate: (String) -> Bool) throws(LineClientError) -> [String] {
        var lines: [String] = []
        while let line = try readLine() {
            lines.append(line)
            if predicate(line) { return lines }
        }
        throw .endedBeforeMatch(lines)
    }

    /// The bytes that arrived and no read returned yet, or the next ones to arrive; nil once
    /// the server closed the connection.
    public func readBytes() throws(LineClientError) -> [UInt8]? {
        if received.isEmpty, !(try receiveMore()) { return nil }
        defer {
            received.removeAll()
            scanned = 0
        }
        return received
    }

    /// True when bytes have arrived that no read has returned yet; does not wait.
    public var hasUnreadInput: Bool {
        if !received.isEmpty { return true }
        if isClosed { return false }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Closes the socket; later calls do nothing.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(fd)
    }

    /// Appends what arrives next to `received`; false at end of stream.
    private func receiveMore() throws(LineClientError) -> Bool {
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 { return false }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: throw .timedOut
            case let code: throw .failed(code)
            }
        }
    }
}
