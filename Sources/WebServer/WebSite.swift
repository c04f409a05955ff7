import LineServer
import Locking
import WebSocket

/// The web side of a listening port, shared by all its connections: the page's files, the
/// WebSocket endpoint and what its messages are for, the origin rule, the health answer, the
/// timeouts, and the counters. Make one per server and give ``makeTransport()`` to its
/// ``TCPServerConfiguration/transport``.
public final class WebSite: Sendable {
    /// What a WebSocket's messages are for.
    public enum Messages: Sendable {
        /// Each text message is one line for the connection's handler and each line it sends
        /// one text message; binary messages are refused (close 1003).
        case lines
        /// Every message goes back to the peer as it came, text or binary, with no handler:
        /// the conformance testee.
        case echo
    }

    /// Everything the web side is set up with.
    public struct Settings: Sendable {
        /// The page's files, served under `/`.
        public var files: WebFiles
        /// The path of the WebSocket endpoint; nil takes an upgrade at any path.
        public var webSocketPath: String?
        /// What the WebSocket's messages are for.
        public var messages: Messages
        /// Whether plain line clients share the port: bytes that are not an HTTP request go
        /// to the connection's handler as lines (otherwise the connection is closed).
        public var servesLines: Bool
        /// How long a new connection may stay silent before it counts as a line client (a
        /// browser speaks first; a line client waits for the greeting).
        public var greetingWait: Duration
        /// How long a request head may take to arrive, and how long the first bytes may stay
        /// undecided.
        public var headTimeout: Duration
        /// How long an HTTP connection may wait between requests.
        public var keepAliveTimeout: Duration
        /// The largest WebSocket message taken; a larger one gets close 1009.
        public var maxMessageBytes: Int
        /// The greeting wait, counted from the accept, for a silent connection from a peer that
        /// sent an HTTP request within `browserWindow`: longer than a browser keeps a spare
        /// connection unused (see ``BrowserPeers``).
        public var browserGreetingWait: Duration = .seconds(15)
        /// How long after its last HTTP request an address counts as a browser loading the
        /// page. Browsers open spare connections while they load, so a few seconds cover them;
        /// a person who opened the page and then runs `nc` from the same machine a little
        /// later is greeted at the usual short wait.
        public var browserWindow: Duration = .seconds(10)
        /// How long a WebSocket may be silent before the server pings it.
        public var pingInterval: Duration
        /// How long after a ping a silent WebSocket is closed.
        public var pongTimeout: Duration
        /// How long a WebSocket message may stay unfinished; nil for no limit.
        public var unfinishedMessageTimeout: Duration?
        /// Origins allowed besides the server's own (see ``OriginPolicy``).
        public var extraOrigins: Set<String>
        /// The answer to `GET /health`; nil leaves `/health` unserved.
        public var health: (@Sendable () -> HealthReport)?
        /// Files made for each request from its path, its `Host` and the port the server
        /// listens on (such as the page's QR code of the address the browser used); nil, or
        /// nil for a path, leaves the path to `files`.
        public var madeFiles: (@Sendable (_ path: Substring, _ host: String?, _ port: UInt16) -> MadeFile?)?

        public init(
            files: WebFiles = .none, webSocketPath: String? = "/ws", messages: Messages = .lines,
            servesLines: Bool = true, greetingWait: Duration = .milliseconds(250),
            headTimeout: Duration = .seconds(10), keepAliveTimeout: Duration = .seconds(15),
            maxMessageBytes: Int = 65_536, pingInterval: Duration = .seconds(25),
            pongTimeout: Duration = .seconds(20), unfinishedMessageTimeout: Duration? = .seconds(30),
            extraOrigins: Set<String> = [], health: (@Sendable () -> HealthReport)? = nil,
            madeFiles: (@Sendable (_ path: Substring, _ host: String?, _ port: UInt16) -> MadeFile?)? = nil
        ) {
            self.files = files
            self.webSocketPath = webSocketPath
            self.messages = messages
            self.servesLines = servesLines
            self.greetingWait = greetingWait
            self.headTimeout = headTimeout
            self.keepAliveTimeout = keepAliveTimeout
            self.maxMessageBytes = maxMessageBytes
            self.pingInterval = pingInterval
            self.pongTimeout = pongTimeout
            self.unfinishedMessageTimeout = unfinishedMessageTimeout
            self.extraOrigins = extraOrigins
            self.health = health
            self.madeFiles = madeFiles
        }
    }

    /// A file made for one request: its `Content-Type` (with its charset) and its bytes.
    public struct MadeFile: Sendable, Equatable {
        public var contentType: String
        public var body: [UInt8]

        public init(contentType: String, body: [UInt8]) {
            self.contentType = contentType
            self.body = body
        }
    }

    public let settings: Settings
    /// The site's running totals.
    public let counters: WebCounters
    private let origins: Locked<OriginPolicy>
    private let browsers = Locked(BrowserPeers())

    /// A site with `settings`; its origin rule knows only loopback until ``listening(on:hosts:)``.
    public init(settings: Settings, counters: WebCounters = WebCounters()) {
        self.settings = settings
        self.counters = counters
        origins = Locked(
            OriginPolicy(ownHosts: ["127.0.0.1", "localhost"], port: 0, extraOrigins: settings.extraOrigins))
    }

    /// Tells the site where the server listens: its port and its own host names and
    /// addresses, for the origin rule.
    public func listening(on port: UInt16, hosts: Set<String>) {
        origins.withLock {
            $0 = OriginPolicy(
                ownHosts: hosts.union(["127.0.0.1", "localhost"]), port: port,
                extraOrigins: settings.extraOrigins)
        }
    }

    /// Notes that `peer` sent an HTTP request: a browser, whose silent connections for a
    /// while are spare ones.
    func noteHTTP(from peer: String) {
        let now = ContinuousClock.now
        browsers.withLock { $0.noteHTTP(from: peer, at: now) }
    }

    /// How long, counted from its accept, a connection from `peer` still silent after the
    /// greeting wait stays silent before it is greeted as a line client: the greeting wait
    /// itself, or the browsers' longer one while `peer` is loading the page.
    func spareConnectionWait(for peer: String) -> Duration {
        let now = ContinuousClock.now
        let browser = browsers.withLock {
            $0.spokeHTTP(peer, within: settings.browserWindow, at: now)
        }
        return browser ? max(settings.browserGreetingWait, settings.greetingWait)
            : settings.greetingWait
    }

    /// The origin rule now.
    public var originPolicy: OriginPolicy { origins.value }

    /// A transport for a new connection of the port.
    public func makeTransport() -> any ConnectionTransport {
        WebPortTransport(site: self)
    }
}

extension PeerProtocol {
    /// RFC 6455 WebSocket, one line per text message.
    public static let webSocket = PeerProtocol("websocket")
}
