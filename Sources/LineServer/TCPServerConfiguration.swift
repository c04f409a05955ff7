import Foundation

/// Settings of a ``TCPServer``: where it listens and the limits it enforces per connection.
public struct TCPServerConfiguration: Sendable {
    /// IPv4 address or host name to bind, such as `"0.0.0.0"`, `"127.0.0.1"` or `"localhost"`.
    public var host: String
    /// Port to bind; 0 lets the system pick one, which ``TCPServer/start()`` returns.
    public var port: UInt16
    /// Connections served at once; one more receives ``rejectionLine`` and is closed.
    public var maxConnections: Int
    /// Connections served at once from one IP address; one more receives
    /// ``perAddressRejectionLine`` and is closed, so that one host cannot fill the server.
    public var maxConnectionsPerAddress: Int
    /// Longest line accepted from a client, without its line ending.
    public var maxLineBytes: Int
    /// Most bytes waiting to be sent to one client before it is dropped as too slow.
    ///
    /// A lobby message is a few hundred bytes, and the kernel's socket buffers absorb
    /// megabytes before this buffer fills, so 256 KiB only ever fills for a client that has
    /// stopped reading. It bounds RAM at `maxConnections` × this limit.
    public var outboundLimit: Int
    /// Bytes sent as they are to a client refused because the server is full (or, for a
    /// moment, out of file descriptors).
    public var rejectionLine: Data
    /// Bytes sent as they are to a client refused because its address has
    /// ``maxConnectionsPerAddress`` connections already.
    public var perAddressRejectionLine: Data
    /// How long a closing connection may spend flushing its output before it is cut.
    public var flushTimeout: Duration
    /// How long a line may stay unfinished before the connection is closed with
    /// ``CloseReason/idleTimeout``; nil for no limit.
    public var incompleteLineTimeout: Duration?
    /// Most bytes read from one connection in one go before the other connections that are
    /// ready get their turn; the rest is read after them.
    public var readBudgetBytes: Int
    /// The root queues that the listener's and the connections' queues run on; the group's
    /// pollers watch the connections' sockets.
    public var queues: QueueGroup
    /// How many more times, at most, a poller out of work after serving a single socket
    /// polls before it sleeps; 0 never. Spinning saves the thread switches of a sleep and
    /// wake-up for a client that sends its next request at once, and costs processor time
    /// (see ``IdleSpin``). Applies when the group's pollers are started, by the first server
    /// to start on it.
    public var pollSpinLimit: Int
    /// Called on the writing thread before a connection writes to its socket, whatever the
    /// connection and whichever thread: the last moment to make durable, or at least hand
    /// to the kernel, what the bytes about to leave announce (the lobby server writes its
    /// table journal's waiting lines here). It must be quick and must not wait for any queue.
    public var beforeWrite: (@Sendable () -> Void)?
    /// How many pollers (threads waiting in epoll, each serving its share of the
    /// connections) the group starts; nil for ``QueueGroup/defaultPollerCount``. Applies when
    /// the group's pollers are started, by the first server to start on it.
    public var pollerCount: Int?
    /// Makes the transport of each new connection, for a port that speaks more than plain
    /// lines (see ``ConnectionTransport``); nil serves plain lines from the first byte.
    public var transport: (@Sendable () -> any ConnectionTransport)?

    /// Creates a configuration; every limit has a default suited to a lobby.
    /// The line sent to a connection closed to make room for a new one when the server is
    /// full; nil never closes one for that. Only a connection its handler marks
    /// ``Connection/evictable``, silent for at least ``evictionIdle``, is closed this way:
    /// the one silent longest.
    public var evictionLine: Data?
    /// How long a connection must have sent nothing before it may be closed to make room.
    public var evictionIdle: Duration = .seconds(30)

    public init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        maxConnections: Int = 1_000,
        maxConnectionsPerAddress: Int = 128,
        maxLineBytes: Int = 65_536,
        outboundLimit: Int = 262_144,
        rejectionLine: Data = Data("server full\n".utf8),
        perAddressRejectionLine: Data = Data("too many connections\n".utf8),
        flushTimeout: Duration = .seconds(1),
        incompleteLineTimeout: Duration? = .seconds(30),
        readBudgetBytes: Int = 1 << 20,
        queues: QueueGroup = .shared,
        pollSpinLimit: Int = 0,
        pollerCount: Int? = nil
    ) {
        self.host = host
        self.port = port
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.maxLineBytes = maxLineBytes
        self.outboundLimit = outboundLimit
        self.rejectionLine = rejectionLine
        self.perAddressRejectionLine = perAddressRejectionLine
        self.flushTimeout = flushTimeout
        self.incompleteLineTimeout = incompleteLineTimeout
        self.readBudgetBytes = readBudgetBytes
        self.queues = queues
        self.pollSpinLimit = pollSpinLimit
        self.pollerCount = pollerCount
    }
}
