/// The reply to `stats`: the server's running totals since it started, for operators and
/// load tests. Counts only grow; `connections`, `sessions`, `tables`, `rss_bytes` and
/// `threads` are levels at the moment of the reply.
public struct StatsReply: Sendable, Codable, Equatable {
    /// How many connections ended, by reason.
    public struct Disconnects: Sendable, Codable, Equatable {
        /// The client closed or reset its connection.
        public var peerClosed: Int
        /// The client read too slowly: its unsent output passed the limit and it was dropped.
        public var outboundOverflow: Int
        /// The client sent a line over the limit.
        public var lineTooLong: Int
        /// The client kept flooding past the request limit (also counted in `closed_by_server`).
        public var flooding: Int
        /// The server closed it: flooding, a replaced session, or shutdown.
        public var closedByServer: Int
        /// A socket call failed.
        public var error: Int
        /// A line stayed unfinished past the idle limit.
        public var idleTimeout: Int
        /// The server was full: the connection was told so and closed at once.
        public var serverFull: Int
        /// Its address already had as many connections as one address may.
        public var perAddressCap: Int
        /// The server was full: this connection, silent longest and without a seat, was closed
        /// to make room for a new one.
        public var idleEvicted: Int
        /// The client broke the rules of its transport (a malformed WebSocket frame, a binary
        /// message) and the connection could not go on.
        public var protocolError: Int

        /// Creates the counts.
        public init(
            peerClosed: Int, outboundOverflow: Int, lineTooLong: Int, flooding: Int,
            closedByServer: Int, error: Int, idleTimeout: Int = 0, serverFull: Int = 0,
            perAddressCap: Int = 0, idleEvicted: Int = 0, protocolError: Int = 0
        ) {
            self.idleEvicted = idleEvicted
            self.protocolError = protocolError
            self.idleTimeout = idleTimeout
            self.serverFull = serverFull
            self.perAddressCap = perAddressCap
            self.peerClosed = peerClosed
            self.outboundOverflow = outboundOverflow
            self.lineTooLong = lineTooLong
            self.flooding = flooding
            self.closedByServer = closedByServer
            self.error = error
        }
    }

    /// The web side's totals: connections that spoke HTTP, replies by status, WebSocket
    /// sessions and their close codes.
    public struct Web: Sendable, Codable, Equatable {
        /// Connections whose first bytes were an HTTP request (WebSocket ones included).
        public var httpConnections: Int
        /// HTTP replies sent, by status code (`"101"` for each WebSocket upgrade).
        public var httpResponses: [String: Int]
        /// WebSocket sessions opened.
        public var websocketConnections: Int
        /// WebSocket sessions open now.
        public var websocketsOpen: Int
        /// Close codes received from WebSocket peers: `"1005"` for a close without a code,
        /// `"1006"` for a session that ended without a close frame.
        public var closeCodesReceived: [String: Int]
        /// Close codes the server sent.
        public var closeCodesSent: [String: Int]

        /// Creates the totals.
        public init(
            httpConnections: Int, httpResponses: [String: Int], websocketConnections: Int,
            websocketsOpen: Int, closeCodesReceived: [String: Int], closeCodesSent: [String: Int]
        ) {
            self.httpConnections = httpConnections
            self.httpResponses = httpResponses
            self.websocketConnections = websocketConnections
            self.websocketsOpen = websocketsOpen
            self.closeCodesReceived = closeCodesReceived
            self.closeCodesSent = closeCodesSent
        }
    }

    /// Seconds since the server started.
    public var uptimeSeconds: Double
    /// Connections open now.
    public var connections: Int
    /// Player sessions held now (connected or away).
    public var sessions: Int
    /// Tables open now, by kind (the `kind` of `create`); kinds without a table are left out.
    public var tables: [String: Int]
    /// Deals dealt; where a match has several hands, each hand.
    public var dealsStarted: Int
    /// Deals finished and recorded; where a match has several hands, each match.
    public var dealsFinished: Int
    /// Request lines received.
    public var messagesIn: Int
    /// Bytes received.
    public var bytesIn: Int
    /// Lines queued to clients.
    public var messagesOut: Int
    /// Bytes written to clients.
    public var bytesOut: Int
    /// Write system calls on client sockets.
    public var writeCalls: Int
    /// Requests refused with `rate_limited`.
    public var rateLimited: Int
    /// Connections ended, by reason.
    public var disconnects: Disconnects
    /// Records written to the game log by this run (0 without a game log).
    public var logRecords: Int
    /// Flushes of the game log to the disk by this run.
    public var logSyncs: Int
    /// Processor time the server has used, user plus system, in seconds.
    public var cpuSeconds: Double
    /// Resident set size, in bytes.
    public var rssBytes: Int
    /// Threads of the server process.
    public var threads: Int
    /// `ok`, or `degraded` while the disk refuses the game log's records or the journal's
    /// lines (they are held in RAM and written once it takes them again), or the deal
    /// numbers of a master seed.
    public var status: StorageStats.Status
    /// Whether the game log and the journal reach the disk, and what waits for it.
    public var storage: StorageStats
    /// The web side's totals; absent when the server runs without its web side.
    public var web: Web?

    /// Creates a reply.
    public init(
        uptimeSeconds: Double, connections: Int, sessions: Int, tables: [String: Int],
        dealsStarted: Int, dealsFinished: Int, messagesIn: Int, bytesIn: Int, messagesOut: Int,
        bytesOut: Int, writeCalls: Int, rateLimited: Int, disconnects: Disconnects,
        logRecords: Int, logSyncs: Int, cpuSeconds: Double, rssBytes: Int, threads: Int,
        storage: StorageStats = StorageStats(), web: Web? = nil
    ) {
        self.status = storage.status
        self.storage = storage
        self.web = web
        self.uptimeSeconds = uptimeSeconds
        self.connections = connections
        self.sessions = sessions
        self.tables = tables
        self.dealsStarted = dealsStarted
        self.dealsFinished = dealsFinished
        self.messagesIn = messagesIn
        self.bytesIn = bytesIn
        self.messagesOut = messagesOut
        self.bytesOut = bytesOut
        self.writeCalls = writeCalls
        self.rateLimited = rateLimited
        self.disconnects = disconnects
        self.logRecords = logRecords
        self.logSyncs = logSyncs
        self.cpuSeconds = cpuSeconds
        self.rssBytes = rssBytes
        self.threads = threads
    }
}

/// Whether the server's storage takes what it writes, in `stats`.
public struct StorageStats: Sendable, Codable, Equatable {
    /// The server as a whole.
    public enum Status: String, Sendable, Codable {
        /// Everything written reaches the disk.
        case ok
        /// The disk refuses writes: results are held and tables begin no new game, or deals
        /// take seeds from the secure random source instead of the master seed.
        case degraded
    }

    /// One part of the storage.
    public enum Part: String, Sendable, Codable {
        /// It writes to the disk.
        case ok
        /// The disk refuses its writes; they wait in RAM.
        case failing
        /// The server runs without it.
        case none
    }

    /// `ok` or `degraded`.
    public var status: Status
    /// The game log.
    public var gameLog: Part
    /// The table journal.
    public var journal: Part
    /// The deal numbers of a master seed (the `deal-numbers` file): `failing` while a block
    /// of them cannot be recorded, so that deals take seeds from the secure random source;
    /// `none` without a master seed or a data directory.
    public var dealNumbers: Part = .none
    /// Result records waiting for the disk now.
    public var heldRecords: Int
    /// Journal lines waiting for the disk now.
    public var heldJournalLines: Int
    /// Why the disk refuses, in the system's words ("No space left on device"), while it does.
    public var reason: String?
    /// Seconds since the disk began refusing, while it does.
    public var failingSeconds: Double?
    /// Spells in which the disk refused writes since the server started.
    public var episodes: Int

    /// Creates the figures (by default those of a server whose storage works).
    public init(
        status: Status = .ok, gameLog: Part = .none, journal: Part = .none,
        heldRecords: Int = 0, heldJournalLines: Int = 0, reason: String? = nil,
        failingSeconds: Double? = nil, episodes: Int = 0
    ) {
        self.status = status
        self.gameLog = gameLog
        self.journal = journal
        self.heldRecords = heldRecords
        self.heldJournalLines = heldJournalLines
        self.reason = reason
        self.failingSeconds = failingSeconds
        self.episodes = episodes
    }

    /// These figures with the deal numbers' part: their failure makes the server `degraded`
    /// too, and gives the reason when nothing else fails.
    public func withDealNumbers(_ part: Part, reason dealNumbersReason: String?) -> StorageStats {
        var stats = self
        stats.dealNumbers = part
        if part == .failing {
            stats.status = .degraded
            stats.reason = stats.reason ?? dealNumbersReason
        }
        return stats
    }
}
