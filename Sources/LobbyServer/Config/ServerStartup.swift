import Glibc

/// What `bigtwo-server` tells its operator when it starts: where friends can reach it, or in
/// plain words why it could not listen.
public enum ServerStartup {
    /// The lines announcing a listening server. Bound to every interface (0.0.0.0), they also
    /// name the LAN addresses friends can use (`lanAddresses`, normally ``lanAddresses()``);
    /// with the web side on, the page's address for phones and laptops too.
    /// A `joinAddress` (`HOST` or `HOST:PORT`) is named instead of the LAN addresses.
    public static func announcement(
        host: String, port: UInt16, lanAddresses: [String], web: Bool = true,
        joinAddress: String? = nil
    ) -> [String] {
        var lines = ["listening on \(host):\(port)"]
        if let join = joinAddress.map({ joinHostAndPort($0, port: port) }) {
            lines.append("friends can join at \(join.host):\(join.port)")
            if web { lines.append("phones and laptops: \(JoinCode.url(host: join.host, port: join.port))") }
            return lines
        }
        if host == "0.0.0.0" {
            lines += lanAddresses.map { "friends can join at \($0):\(port)" }
        }
        if web {
            lines += pageAddresses(host: host, port: port, lanAddresses: lanAddresses).map {
                "phones and laptops: \($0)"
            }
        }
        return lines
    }

    /// The host and port of a join address: `HOST:PORT`, or `HOST` on the port listened on.
    public static func joinHostAndPort(_ address: String, port: UInt16) -> (host: String, port: UInt16) {
        if let colon = address.lastIndex(of: ":"), !address.hasSuffix("]"),
            let given = UInt16(address[address.index(after: colon)...]),
            address.firstIndex(of: ":") == colon
        {
            return (String(address[..<colon]), given)
        }
        return (address, port)
    }

    /// The addresses of the web page: one per LAN address when bound to every interface
    /// (this machine's own when it has none), else the bound host's.
    public static func pageAddresses(host: String, port: UInt16, lanAddresses: [String])
        -> [String]
    {
        let hosts = host == "0.0.0.0" ? (lanAddresses.isEmpty ? ["127.0.0.1"] : lanAddresses) : [host]
        return hosts.map { "http://\($0):\(port)" }
    }

    /// The server's own names and addresses when listening on `host`, for the WebSocket
    /// origin rule: the host itself, the interface addresses when it is every interface, and
    /// the machine's name (with `.local`, as phones find it over mDNS).
    static func ownHosts(listeningOn host: String) -> Set<String> {
        var hosts: Set<String> = [host.lowercased()]
        if host == "0.0.0.0" { hosts.formUnion(lanAddresses()) }
        var name = [CChar](repeating: 0, count: 256)
        if gethostname(&name, name.count - 1) == 0 {
            let text = String(decoding: name.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
                .lowercased()
            if !text.isEmpty {
                hosts.insert(text)
                if !text.hasSuffix(".local") { hosts.insert(text + ".local") }
            }
        }
        hosts.remove("0.0.0.0")
        return hosts
    }

    /// Why the server could not listen on `host`:`port`, for people.
    public static func explanation(of error: TCPServerError, host: String, port: UInt16)
        -> String
    {
        switch error {
        case .alreadyStarted:
            return "the server was already started"
        case .unresolvableHost(let name):
            return "cannot listen on '\(name)': it is not an IPv4 address or a known host name"
        case .socketCallFailed(let call, let code):
            switch (call, code) {
            case ("bind", EADDRINUSE):
                return "port \(port) is already in use"
            case ("bind", EACCES):
                return "port \(port) needs more privileges (ports below 1024 usually need root)"
            case ("bind", EADDRNOTAVAIL):
                return "\(host) is not an address of this machine"
            default:
                return "cannot listen on \(host):\(port): \(reason(code))"
            }
        }
    }

    /// The system's reason for `code`, in lower case.
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The IPv4 addresses of this machine's interfaces that are up, without loopback.
    public static func lanAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            entry = current.pointee.ifa_next
            let flags = Int32(current.pointee.ifa_flags)
            guard let address = current.pointee.ifa_addr,
                address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let written = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
            }
            guard written != nil else { continue }
            let dotted = String(decoding: text.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
            if !addresses.contains(dotted) { addresses.append(dotted) }
        }
        return addresses
    }
}
