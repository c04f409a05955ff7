import Dispatch
import Foundation
import LineServer
import Locking
import TestSupport
import Testing

/// Records what the echo handlers of one server saw, and lets tests await closes.
final class NetEventLog: Sendable {
    private let events = Locked<(opened: [Int], closed: [(id: Int, reason: CloseReason)])>(
        ([], []))
    private let closeSignal = DispatchSemaphore(value: 0)
    private let floodSignal = DispatchSemaphore(value: 0)

    func opened(_ id: Int) {
        events.withLock { $0.opened.append(id) }
    }

    func closed(_ id: Int, _ reason: CloseReason) {
        events.withLock { $0.closed.append((id, reason)) }
        closeSignal.signal()
    }

    func flooded() {
        floodSignal.signal()
    }

    /// Waits, at most five seconds, for a handler to finish sending a flood.
    func awaitFlood() -> Bool {
        floodSignal.wait(timeout: .now() + 5) == .success
    }

    /// Waits for `count` more closes, at most five seconds each.
    func awaitCloses(_ count: Int) -> Bool {
        (0..<count).allSatisfy { _ in closeSignal.wait(timeout: .now() + 5) == .success }
    }

    var closeReasons: [CloseReason] {
        events.withLock { $0.closed.map(\.reason) }
    }

    /// True when every opened connection was reported closed exactly once.
    var everyOpenedConnectionClosedOnce: Bool {
        events.withLock { events in
            events.closed.map(\.id).sorted() == events.opened.sorted()
        }
    }
}

/// A test handler: echoes each line, and answers a few commands.
///
/// `repeat <count> <text>` answers `text` repeated `count` times on one line, `burst <count>`
/// answers `count` lines `0`, `1`, …, `flood` sends 32 MiB at once, `quit` says "bye" and
/// closes, an overlong line gets "too long" and a line left unfinished "timed out".
final class EchoHandler: ConnectionHandler {
    private static let floodChunk = Data(repeating: UInt8(ascii: "f"), count: 65_536)
    private let log: NetEventLog

    init(log: NetEventLog) {
        self.log = log
    }

    func connectionDidOpen(_ connection: Connection) {
        log.opened(connection.id)
    }

    func connection(_ connection: Connection, didReceiveLine line: Data) {
        let text = String(decoding: line, as: UTF8.self)
        let words = text.split(separator: " ", maxSplits: 2)
        if words.count == 3, words[0] == "repeat", let count = Int(words[1]) {
            connection.sendLine(String(repeating: String(words[2]), count: count))
            return
        }
        if words.count == 2, words[0] == "burst", let count = Int(words[1]) {
            for index in 0..<count { connection.sendLine("\(index)") }
            return
        }
        switch text {
        case "flood":
            for _ in 0..<512 { connection.send(Self.floodChunk) }
            log.flooded()
        case "order":
            // One line sent from another thread, then one from this queue: the first must
            // still come first.
            DispatchQueue.global().sync { connection.sendLine("from elsewhere") }
            connection.sendLine("from the queue")
        case "thread":
            // Reads run on the poller's thread, so this tells the pollers apart.
            connection.sendLine(String(UInt(bitPattern: Int(bitPattern: pthread_self()))))
        case "quit":
            connection.sendLine("bye")
            connection.close(flush: true)
        default:
            var reply = line
            reply.append(UInt8(ascii: "\n"))
            connection.send(reply)
        }
    }

    func connectionLineTooLong(_ connection: Connection) {
        connection.sendLine("too long")
    }

    func connectionLineTimedOut(_ connection: Connection) {
        connection.sendLine("timed out")
    }

    func connectionDidClose(_ connection: Connection, reason: CloseReason) {
        log.closed(connection.id, reason)
    }
}

/// A running ``TCPServer`` on 127.0.0.1 with an ``EchoHandler`` per connection.
struct EchoServer {
    let server: TCPServer
    let port: UInt16
    let log = NetEventLog()
    /// The lines the server logged.
    let logged = Locked<[String]>([])

    init(_ configure: (inout TCPServerConfiguration) -> Void = { _ in }) throws {
        TestProcessDescriptors.ensureRaised()
        var configuration = TCPServerConfiguration(host: "127.0.0.1", port: 0)
        configure(&configuration)
        let log = self.log
        let logged = self.logged
        server = TCPServer(
            configuration: configuration, log: { line in logged.withLock { $0.append(line) } }
        ) { _ in EchoHandler(log: log) }
        port = try server.start()
    }

    /// The server's counters now.
    var counters: ServerCounters.Snapshot { server.counters.snapshot }

    func connect(receiveBufferBytes: Int32? = nil) throws -> LineClient {
        try LineClient.connect(port: port, receiveBufferBytes: receiveBufferBytes)
    }

    /// Starts a shutdown and returns a semaphore signalled when it completes.
    func beginShutdown(finalLine: String? = nil) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        server.shutdown(finalLine: finalLine.map { Data($0.utf8) }) { done.signal() }
        return done
    }

    /// Shuts the server down and checks every connection was reported closed exactly once.
    func stop(sourceLocation: SourceLocation = #_sourceLocation) {
        let done = beginShutdown()
        #expect(done.wait(timeout: .now() + 5) == .success, sourceLocation: sourceLocation)
        #expect(log.everyOpenedConnectionClosedOnce, sourceLocation: sourceLocation)
        #expect(server.connectionCount == 0, sourceLocation: sourceLocation)
    }
}
