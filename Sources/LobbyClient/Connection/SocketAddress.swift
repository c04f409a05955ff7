import Glibc

/// Opens blocking IPv4 TCP sockets to a host and port.
enum SocketConnector {
    /// A connected socket descriptor (blocking, `TCP_NODELAY`), or an error.
    static func connect(host: String, port: UInt16) throws(ClientError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw .unknownHost(host)
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            let fd = socket(current.pointee.ai_family, current.pointee.ai_socktype, 0)
            if fd >= 0 {
                if Glibc.connect(fd, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 {
                    var one: Int32 = 1
                    setsockopt(
                        fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one,
                        socklen_t(MemoryLayout<Int32>.size))
                    return fd
                }
                lastError = errno
                Glibc.close(fd)
            } else {
                lastError = errno
            }
            entry = current.pointee.ai_next
        }
        let reason = String(cString: strerror(lastError))
        throw .connectFailed(
            address: "\(host):\(port)", reason: reason.prefix(1).lowercased() + reason.dropFirst())
    }
}
