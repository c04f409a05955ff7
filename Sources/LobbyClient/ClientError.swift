/// What can go wrong in the client, outside the game itself.
public enum ClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The host name could not be resolved to an IPv4 address.
    case unknownHost(String)
    /// The TCP connection to `address` (host:port) could not be made, for the system's
    /// `reason` (in words).
    case connectFailed(address: String, reason: String)
    /// The connection is closed.
    case disconnected
    /// No reply arrived in time.
    case timeout
    /// The server answered a request with an error.
    case server(code: String, message: String)
    /// A command-line flag or value is wrong; the message says which and why.
    case usage(String)
    /// A file could not be read.
    case unreadable(String)

    public var description: String {
        switch self {
        case .unknownHost(let host): "cannot resolve host '\(host)'"
        case .connectFailed(let address, let reason): "cannot connect to \(address): \(reason)"
        case .disconnected: "the connection is closed"
        case .timeout: "no reply from the server in time"
        case .server(let code, let message): "server error \(code): \(message)"
        case .usage(let message): message
        case .unreadable(let path): "cannot read '\(path)'"
        }
    }
}
