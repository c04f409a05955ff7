import LineServer
import Synchronization
import WebServer

/// The server's running totals beyond the network's: deals, rate limiting, and the game log.
/// Counted with atomic adds from any queue; read by the lobby to answer `stats`.
final class ServerMetrics: Sendable {
    /// Network totals, shared with the TCP server that counts them.
    let traffic: ServerCounters
    /// The web side's totals, shared with the port's web site (zero with the web side off).
    let web: WebCounters
    /// What is wrong with the server now, for `/health`.
    let status = ServerStatus()
    /// When the server was made.
    let started = ContinuousClock.now
    private let dealsStarted = Atomic<Int>(0)
    private let dealsFinished = Atomic<Int>(0)
    private let refusals = Atomic<Int>(0)
    private let floods = Atomic<Int>(0)

    init(traffic: ServerCounters = ServerCounters(), web: WebCounters = WebCounters()) {
        self.traffic = traffic
        self.web = web
    }

    /// Notes a new deal or hand dealt at a table.
    func dealStarted() { dealsStarted.add(1, ordering: .relaxed) }

    /// Notes a finished deal handed to the game log.
    func dealFinished() { dealsFinished.add(1, ordering: .relaxed) }

    /// Notes a request refused with `rate_limited`.
    func refused() { refusals.add(1, ordering: .relaxed) }

    /// Notes a connection dropped for flooding.
    func flooded() { floods.add(1, ordering: .relaxed) }

    /// The deal counts and rate-limit counts so far.
    var counts: (dealsStarted: Int, dealsFinished: Int, refused: Int, flooded: Int) {
        (
            dealsStarted.load(ordering: .relaxed), dealsFinished.load(ordering: .relaxed),
            refusals.load(ordering: .relaxed), floods.load(ordering: .relaxed)
        )
    }
}
