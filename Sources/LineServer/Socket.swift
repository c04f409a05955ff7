import Glibc

/// Thin wrappers over the POSIX socket calls the server needs, with `EINTR` retried and
/// `errno` turned into values.
enum Socket {
    /// The outcome of one `recv` or `send`.
    enum IOResult: Equatable {
        case transferred(Int)
        case wouldBlock
        case endOfFile
        case failed(Int32)
    }

    /// The outcome of one `accept`.
    enum AcceptResult: Equatable {
        /// `peer` is `"a.b.c.d:port"`, `host` its address alone.
        case accepted(fd: Int32, peer: String, host: String)
        case wouldBlock
        case failed(Int32)
    }

    private static let brokenPipeIgnored: Bool = {
        signal(SIGPIPE, SIG_IGN)
        return true
    }()

    /// Makes writing to a closed socket return `EPIPE` instead of killing the process.
    static func ignoreBrokenPipe() {
        precondition(brokenPipeIgnored)
    }

    /// Opens a non-blocking IPv4 listening socket and returns it with the port it got.
    static func listen(
        host: String, port: UInt16, backlog: Int32
    ) throws(TCPServerError) -> (fd: Int32, port: UInt16) {
        guard let address = resolveIPv4(host) else { throw .unresolvableHost(host) }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .socketCallFailed(call: "socket", errno: errno) }
        do throws(TCPServerError) {
            try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1, call: "setsockopt(SO_REUSEADDR)")
            guard setNonBlocking(fd) else {
                throw .socketCallFailed(call: "fcntl(O_NONBLOCK)", errno: errno)
            }
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            socketAddress.sin_addr = address
            let bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw .socketCallFailed(call: "bind", errno: errno) }
            guard Glibc.listen(fd, backlog) == 0 else {
                throw .socketCallFailed(call: "listen", errno: errno)
            }
            guard let actual = localAddress(fd) else {
                throw .socketCallFailed(call: "getsockname", errno: errno)
            }
            return (fd, UInt16(bigEndian: actual.sin_port))
        } catch {
            Glibc.close(fd)
            throw error
        }
    }

    /// Accepts one pending connection and makes it non-blocking with Nagle's delay off.
    static func accept(from listener: Int32) -> AcceptResult {
        while true {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.accept(listener, $0, &length)
                }
            }
            if fd >= 0 {
                guard setNonBlocking(fd) else {
                    let failure = errno
                    Glibc.close(fd)
                    return .failed(failure)
                }
                try? setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1, call: "TCP_NODELAY")
                let host = describeHost(address.sin_addr)
                return .accepted(
                    fd: fd, peer: "\(host):\(UInt16(bigEndian: address.sin_port))", host: host)
            }
            switch errno {
            case EINTR, ECONNABORTED: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case let failure: return .failed(failure)
            }
        }
    }

    /// Reads what is available into `buffer`.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .transferred(count) }
            if count == 0 { return .endOfFile }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case let failure: return .failed(failure)
            }
        }
    }

    /// Writes as much of `bytes` as the socket takes now.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> IOResult {
        while true {
            let count = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if count >= 0 { return .transferred(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case let failure: return .failed(failure)
            }
        }
    }

    /// Resolves a dotted IPv4 address or a host name to an IPv4 address.
    static func resolveIPv4(_ host: String) -> in_addr? {
        var address = in_addr()
        if inet_pton(AF_INET, host, &address) == 1 { return address }
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let list else { return nil }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            if current.pointee.ai_family == AF_INET, let found = current.pointee.ai_addr {
                return found.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    $0.pointee.sin_addr
                }
            }
            entry = current.pointee.ai_next
        }
        return nil
    }

    /// Formats an IPv4 address as `"a.b.c.d"`.
    static func describeHost(_ address: in_addr) -> String {
        var ip = address
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        guard inet_ntop(AF_INET, &ip, &text, socklen_t(text.count)) != nil else { return "?" }
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Opens a descriptor that does nothing, held in reserve so that the server can still
    /// accept (and refuse) a connection when it runs out of descriptors. -1 on failure.
    static func openReserveDescriptor() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// Sends `line` to a socket about to be closed, as far as it goes without blocking, and
    /// closes it.
    static func refuse(_ fd: Int32, with line: [UInt8]) {
        _ = line.withUnsafeBytes { send(fd, $0) }
        shutdown(fd, Int32(SHUT_WR))
        Glibc.close(fd)
    }

    private static func localAddress(_ fd: Int32) -> sockaddr_in? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(fd, $0, &length)
            }
        }
        return result == 0 ? address : nil
    }

    private static func setNonBlocking(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
    }

    private static func setOption(
        _ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32, call: String
    ) throws(TCPServerError) {
        var value = value
        let result = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        guard result == 0 else { throw .socketCallFailed(call: call, errno: errno) }
    }
}
