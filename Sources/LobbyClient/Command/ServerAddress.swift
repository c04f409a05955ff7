/// Where the server listens: a host name or IPv4 address and a TCP port.
public struct ServerAddress: Equatable, Sendable, CustomStringConvertible {
    /// The default port of `bigtwo-server`.
    public static let defaultPort: UInt16 = 7777

    /// Host name or address.
    public var host: String
    /// TCP port.
    public var port: UInt16

    /// Creates an address.
    public init(host: String = "localhost", port: UInt16 = ServerAddress.defaultPort) {
        self.host = host
        self.port = port
    }

    /// Reads `host`, `host:port` or `:port`.
    public init(parsing text: String) throws(ClientError) {
        guard let colon = text.lastIndex(of: ":") else {
            self.init(host: text)
            return
        }
        let host = String(text[..<colon])
        guard let port = UInt16(text[text.index(after: colon)...]), port > 0 else {
            throw .usage("'\(text)' is not host:port")
        }
        self.init(host: host.isEmpty ? "localhost" : host, port: port)
    }

    public var description: String { "\(host):\(port)" }
}
