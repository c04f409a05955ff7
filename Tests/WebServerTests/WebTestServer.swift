import Dispatch
import Foundation
import LineServer
import Locking
import TestSupport
import WebServer

/// A real server on 127.0.0.1 and a free port whose connections go through a ``WebSite``:
/// line and WebSocket clients reach a ``GreetingEcho`` handler, HTTP clients the site's files.
final class WebTestServer: Sendable {
    let server: TCPServer
    let site: WebSite
    let port: UInt16
    let log = HandlerLog()

    static let files: [(path: String, bytes: [UInt8])] = [
        ("index.html", Array("<!doctype html><title>Big Two</title><p>3♦ 2♠</p>\n".utf8)),
        ("app.js", Array("export const suits = '♦♣♥♠';\n".utf8)),
        ("views/table.css", Array("body { margin: 0 }\n".utf8)),
    ]

    init(
        settings: WebSite.Settings = WebSite.Settings(), maxConnections: Int = 100,
        incompleteLineTimeout: Duration? = .seconds(30)
    ) throws {
        TestProcessDescriptors.ensureRaised()
        var settings = settings
        if settings.files.paths.isEmpty { settings.files = try WebFiles(Self.files) }
        let site = WebSite(settings: settings)
        var configuration = TCPServerConfiguration(
            host: "127.0.0.1", port: 0, maxConnections: maxConnections,
            maxLineBytes: settings.maxMessageBytes, rejectionLine: Data("full\n".utf8),
            incompleteLineTimeout: incompleteLineTimeout)
        configuration.transport = { site.makeTransport() }
        let log = self.log
        server = TCPServer(configuration: configuration) { _ in GreetingEcho(log: log) }
        self.site = site
        port = try server.start()
        site.listening(on: port, hosts: ["127.0.0.1"])
    }

    deinit {
        let done = DispatchSemaphore(value: 0)
        server.shutdown(finalLine: Data("bye\n".utf8)) { done.signal() }
        done.wait()
    }
}

/// What the handlers of one server saw.
final class HandlerLog: Sendable {
    private let state = Locked<(protocols: [String], closes: [CloseReason], long: Int)>(([], [], 0))
    private let closeSignal = DispatchSemaphore(value: 0)

    func opened(_ peer: PeerProtocol) { state.withLock { $0.protocols.append(peer.name) } }

    func closed(_ reason: CloseReason) {
        state.withLock { $0.closes.append(reason) }
        closeSignal.signal()
    }

    func lineTooLong() { state.withLock { $0.long += 1 } }

    /// The protocols of the connections whose handler opened.
    var protocols: [String] { state.withLock { $0.protocols } }
    var closes: [CloseReason] { state.withLock { $0.closes } }
    var linesTooLong: Int { state.withLock { $0.long } }

    /// Waits, at most five seconds, for the next close a handler saw.
    func awaitClose() -> Bool { closeSignal.wait(timeout: .now() + 5) == .success }
}

/// Greets with `hello <protocol>`, answers each line with `echo: <line>`, `lines N` with N
/// lines sent at once, and `quit` with a close.
final class GreetingEcho: ConnectionHandler {
    private let log: HandlerLog

    init(log: HandlerLog) { self.log = log }

    func connectionDidOpen(_ connection: Connection) {
        log.opened(connection.peerProtocol)
        connection.sendLine("hello \(connection.peerProtocol)")
    }

    func connection(_ connection: Connection, didReceiveLine line: Data) {
        let text = String(decoding: line, as: UTF8.self)
        if text == "quit" {
            connection.close(flush: true)
        } else if text.hasPrefix("lines "), let count = Int(text.dropFirst(6)) {
            connection.send(Data((0..<count).map { "line \($0)\n" }.joined().utf8))
        } else {
            connection.sendLine("echo: \(text)")
        }
    }

    func connectionLineTooLong(_ connection: Connection) {
        log.lineTooLong()
        connection.sendLine("too long")
    }

    func connectionLineTimedOut(_ connection: Connection) {
        connection.sendLine("timed out")
    }

    func connectionDidClose(_ connection: Connection, reason: CloseReason) {
        log.closed(reason)
    }
}
