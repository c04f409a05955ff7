/// Why a ``TCPServer`` could not start listening.
public enum TCPServerError: Error, Sendable, Equatable {
    /// The server was already started, or was shut down.
    case alreadyStarted
    /// The host is neither an IPv4 address nor a name resolving to one.
    case unresolvableHost(String)
    /// A socket call failed; `call` names it and `errno` says why.
    case socketCallFailed(call: String, errno: Int32)
}
