import Foundation
import Glibc

/// A TCP relay on 127.0.0.1 (port 0) forwarding every connection to a local port, for
/// cutting connections in tests. Blocking sockets, one thread per direction.
final class TCPRelay: @unchecked Sendable {
    /// The port clients connect to.
    private(set) var port: UInt16 = 0
    private let target: UInt16
    private let listener: Int32
    private let condition = NSCondition()
    private var live: [Int32] = []
    private var holding = false
    private var stopped = false
    private var acceptedCount = 0

    init(forwardingTo target: UInt16) throws {
        self.target = target
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var on: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw RelayError.setup
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(listener, $0, &length)
            }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in acceptLoop() }.start()
    }

    enum RelayError: Error { case setup }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Connections accepted so far.
    var accepted: Int {
        condition.lock()
        defer { condition.unlock() }
        return acceptedCount
    }

    /// New connections wait (unforwarded) until ``release()``.
    func hold() {
        condition.lock()
        holding = true
        condition.unlock()
    }

    /// Lets waiting and later connections through.
    func release() {
        condition.lock()
        holding = false
        condition.broadcast()
        condition.unlock()
    }

    /// Cuts every relayed connection at once, both ways.
    func cut() {
        condition.lock()
        for fd in live { shutdown(fd, Int32(SHUT_RDWR)) }
        condition.unlock()
    }

    /// Stops accepting and cuts everything.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        cut()
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                break
            }
            condition.lock()
            while holding && !stopped { condition.wait() }
            let proceed = !stopped
            if proceed { acceptedCount += 1 }
            condition.unlock()
            guard proceed, let upstream = connectUpstream() else {
                close(client)
                continue
            }
            condition.lock()
            live += [client, upstream]
            condition.unlock()
            let pair = PumpPair(client: client, upstream: upstream) { [self] fds in
                condition.lock()
                live.removeAll { fds.contains($0) }
                condition.unlock()
            }
            Thread { pair.pump(from: client, to: upstream) }.start()
            Thread { pair.pump(from: upstream, to: client) }.start()
        }
        close(listener)
    }

    private func connectUpstream() -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: target)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}

/// Both directions of one relayed connection; the last pump to stop closes both sockets.
private final class PumpPair: @unchecked Sendable {
    private let lock = NSLock()
    private let fds: [Int32]
    private var running = 2
    private let onClose: @Sendable ([Int32]) -> Void

    init(client: Int32, upstream: Int32, onClose: @escaping @Sendable ([Int32]) -> Void) {
        fds = [client, upstream]
        self.onClose = onClose
    }

    func pump(from source: Int32, to sink: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        copying: while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var sent = 0
            while sent < count {
                let written = buffer.withUnsafeBytes {
                    send(sink, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL))
                }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { break copying }
                sent += written
            }
        }
        for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
        lock.lock()
        running -= 1
        let last = running == 0
        lock.unlock()
        guard last else { return }
        onClose(fds)
        for fd in fds { close(fd) }
    }
}
