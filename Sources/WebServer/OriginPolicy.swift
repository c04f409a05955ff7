import Foundation

/// Which pages may open a WebSocket to the server: a browser sends the page's origin with
/// every handshake, and without this check any site a player visits could drive the player's
/// session from their browser (cross-site WebSocket hijacking).
///
/// Allowed, besides the origins listed in ``extraOrigins``:
/// - no `Origin` at all: not a browser (the bundled client, a test suite);
/// - an `http` origin whose host is one of the server's own names or addresses
///   (``ownHosts``: loopback, `localhost`, the machine's host name and interface addresses)
///   on the server's port;
/// - an `http` origin that is the very host and port the request was sent to (its `Host`),
///   when that host is an IP address: the page came from this server through an address it
///   does not know itself, such as a port mapped by Docker or a router. A host name is not
///   enough for this rule, since a name can be made to point at the server (DNS
///   rebinding) while an address cannot be another site's.
public struct OriginPolicy: Sendable, Equatable {
    /// Host names and addresses of the server itself, in lower case.
    public var ownHosts: Set<String>
    /// The port the server listens on.
    public var port: UInt16
    /// Origins allowed besides, as `scheme://host[:port]` in lower case (default ports
    /// left out); `*` allows every origin.
    public var extraOrigins: Set<String>

    public init(ownHosts: Set<String>, port: UInt16, extraOrigins: Set<String> = []) {
        self.ownHosts = Set(ownHosts.map { $0.lowercased() })
        self.port = port
        self.extraOrigins = Set(extraOrigins.compactMap { Self.normalized($0) ?? ($0 == "*" ? "*" : nil) })
    }

    /// Whether a handshake with `origin` (nil when absent), sent to `host` (its `Host`
    /// field), may open.
    public func allows(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        if extraOrigins.contains("*") { return true }
        guard let normal = Self.normalized(origin) else { return false }
        if extraOrigins.contains(normal) { return true }
        guard let parsed = Self.parse(normal), parsed.scheme == "http" else { return false }
        if ownHosts.contains(parsed.host), parsed.port == port { return true }
        guard let host, let target = Self.parse("http://" + host.lowercased()) else { return false }
        return Self.isIPAddress(target.host) && target.host == parsed.host
            && target.port == parsed.port
    }

    /// `origin` in lower case without a default port, or nil when it is no origin.
    public static func normalized(_ origin: String) -> String? {
        guard let parsed = parse(origin.lowercased()) else { return nil }
        let defaultPort: UInt16 = parsed.scheme == "https" ? 443 : 80
        return "\(parsed.scheme)://\(parsed.host)" + (parsed.port == defaultPort ? "" : ":\(parsed.port)")
    }

    /// Scheme, host and port of `scheme://host[:port]` (an IPv6 host in brackets).
    static func parse(_ text: String) -> (scheme: String, host: String, port: UInt16)? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = String(text[..<separator.lowerBound])
        guard scheme == "http" || scheme == "https" else { return nil }
        let authority = text[separator.upperBound...]
        guard !authority.isEmpty,
            authority.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
        else { return nil }
        var host = authority
        var port: UInt16 = scheme == "https" ? 443 : 80
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            guard let number = UInt16(authority[authority.index(after: colon)...]), number > 0
            else { return nil }
            port = number
            host = authority[..<colon]
        }
        guard !host.isEmpty else { return nil }
        return (scheme, String(host), port)
    }

    /// True for a dotted IPv4 address or a bracketed IPv6 one.
    static func isIPAddress(_ host: String) -> Bool {
        if host.hasPrefix("["), host.hasSuffix("]") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isNumber)
                    && (Int(part) ?? 256) <= 255
            }
    }
}
