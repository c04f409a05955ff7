import Dispatch
import Foundation
import Glibc
import Testing

import LineServer
import Locking
import TestSupport

@Suite struct TCPServerTests {
    @Test func echoesLinesInOrder() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        for index in 0..<100 { try client.send("line \(index)") }
        for index in 0..<100 { #expect(try client.readLine() == "line \(index)") }
        client.close()
        echo.stop()
    }

    @Test func stripsLineEndingsButKeepsInnerCarriageReturns() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        try client.sendRaw(Array("crlf\r\nlf\n\r\nin\rside\n".utf8))
        #expect(try client.readLine() == "crlf")
        #expect(try client.readLine() == "lf")
        #expect(try client.readLine() == "")
        #expect(try client.readLine() == "in\rside")
        client.close()
        echo.stop()
    }

    @Test func joinsPartialLinesAcrossWrites() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        try client.sendRaw(Array("first\npar".utf8))
        #expect(try client.readLine() == "first")
        try client.sendRaw(Array("t".utf8))
        try client.sendRaw(Array("ial\r".utf8))
        try client.sendRaw(Array("\nlast\n".utf8))
        #expect(try client.readLines(until: { $0 == "last" }) == ["partial", "last"])
        client.close()
        echo.stop()
    }

    @Test func answersManyLinesSentInOneWrite() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        let lines = (0..<2_000).map { "message number \($0)" }
        try client.sendRaw(Array(lines.map { $0 + "\n" }.joined().utf8))
        #expect(try client.readLines(until: { $0 == lines.last }) == lines)
        client.close()
        echo.stop()
    }

    @Test func servesFiftyClientsAtOnce() throws {
        let echo = try EchoServer()
        let clients = try (0..<50).map { _ in try echo.connect() }
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: clients.count) { index in
            let client = clients[index]
            let lines = (0..<20).map { "client \(index) line \($0)" }
            do {
                for line in lines { try client.send(line) }
                if try client.readLines(until: { $0 == lines.last }) != lines {
                    failures.withLock { $0 += 1 }
                }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.value == 0)
        #expect(echo.server.connectionCount == 50)
        for client in clients { client.close() }
        #expect(echo.log.awaitCloses(50))
        #expect(echo.log.closeReasons == Array(repeating: .peerClosed, count: 50))
        echo.stop()
    }

    @Test func deliversLargeRepliesIntactToSlowReaders() throws {
        let echo = try EchoServer { $0.outboundLimit = 1 << 24 }
        let clients = try (0..<4).map { _ in try echo.connect(receiveBufferBytes: 8_192) }
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: clients.count) { index in
            let client = clients[index]
            let patterns = (0..<20).map { "client\(index)-reply\($0)," }
            do {
                for pattern in patterns { try client.send("repeat 3000 \(pattern)") }
                for pattern in patterns {
                    if try client.readLine() != String(repeating: pattern, count: 3_000) {
                        failures.withLock { $0 += 1 }
                    }
                }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.value == 0)
        for client in clients { client.close() }
        echo.stop()
    }

    @Test func acceptsALineOfExactlyTheLimit() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        let line = String(repeating: "y", count: 65_536)
        try client.send(line)
        #expect(try client.readLine() == line)
        client.close()
        echo.stop()
    }

    @Test func repliesToAnOverlongLineThenCloses() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        try client.send("before")
        try client.sendRaw([UInt8](repeating: UInt8(ascii: "x"), count: 70_000) + [10])
        try client.send("after")
        #expect(try client.readLine() == "before")
        #expect(try client.readLine() == "too long")
        #expect(try client.readLine() == nil)
        client.close()
        #expect(echo.log.awaitCloses(1))
        #expect(echo.log.closeReasons == [.lineTooLong])
        echo.stop()
    }

    @Test func dropsAClientThatStopsReadingWithoutSlowingOthers() throws {
        let echo = try EchoServer { $0.outboundLimit = 65_536 }
        let stalled = try echo.connect(receiveBufferBytes: 4_096)
        let active = try echo.connect()
        try stalled.send("flood")
        var slowest = Duration.zero
        let clock = ContinuousClock()
        for index in 0..<50 {
            let started = clock.now
            try active.send("ping \(index)")
            #expect(try active.readLine() == "ping \(index)")
            slowest = max(slowest, clock.now - started)
        }
        #expect(echo.log.awaitCloses(1))
        #expect(echo.log.closeReasons == [.outboundOverflow])
        try active.send("still here")
        #expect(try active.readLine() == "still here")
        #expect(slowest < .seconds(1))
        stalled.close()
        active.close()
        echo.stop()
    }

    @Test func rejectsConnectionsOverTheCap() throws {
        let echo = try EchoServer {
            $0.maxConnections = 2
            $0.rejectionLine = Data("full\n".utf8)
        }
        let first = try echo.connect()
        let second = try echo.connect()
        for client in [first, second] {
            try client.send("hello")
            #expect(try client.readLine() == "hello")
        }
        let refused = try echo.connect()
        #expect(try refused.readLine() == "full")
        #expect(try refused.readLine() == nil)
        #expect(echo.server.connectionCount == 2)
        try first.send("quit")
        #expect(try first.readLines(until: { $0 == "bye" }) == ["bye"])
        #expect(try first.readLine() == nil)
        first.close()
        #expect(echo.log.awaitCloses(1))
        #expect(echo.log.closeReasons == [.closedByServer])
        let third = try echo.connect()
        try third.send("room again")
        #expect(try third.readLine() == "room again")
        for client in [first, second, refused, third] { client.close() }
        echo.stop()
    }

    @Test func shutdownSendsTheFinalLineToEveryClient() throws {
        let echo = try EchoServer()
        let clients = try (0..<3).map { _ in try echo.connect() }
        for client in clients {
            try client.send("hi")
            #expect(try client.readLine() == "hi")
        }
        let done = echo.beginShutdown(finalLine: "bye\n")
        for client in clients {
            #expect(try client.readLine() == "bye")
            #expect(try client.readLine() == nil)
            client.close()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(echo.log.closeReasons == Array(repeating: .closedByServer, count: 3))
        #expect(echo.log.everyOpenedConnectionClosedOnce)
        #expect(echo.server.connectionCount == 0)
        #expect(throws: LineClientError.connectFailed(ECONNREFUSED)) {
            try echo.connect()
        }
    }

    @Test func shutdownGivesUpOnAClientThatNeverReads() throws {
        let echo = try EchoServer {
            $0.outboundLimit = 1 << 30
            $0.flushTimeout = .milliseconds(200)
        }
        let stalled = try echo.connect(receiveBufferBytes: 4_096)
        try stalled.send("flood")
        #expect(echo.log.awaitFlood())
        let done = echo.beginShutdown(finalLine: "bye\n")
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(echo.log.closeReasons == [.closedByServer])
        stalled.close()
    }

    @Test func repliesToAClientThatHalfClosesAfterItsLastLine() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        try client.send("last words")
        client.finishSending()
        #expect(try client.readLine() == "last words")
        #expect(try client.readLine() == nil)
        #expect(echo.log.awaitCloses(1))
        #expect(echo.log.closeReasons == [.peerClosed])
        client.close()
        echo.stop()
    }

    @Test func reportsThePeerAddress() throws {
        let peers = Locked<[String]>([])
        let log = NetEventLog()
        let configuration = TCPServerConfiguration(host: "localhost")
        let server = TCPServer(configuration: configuration) { connection in
            peers.withLock { $0.append(connection.peer) }
            return EchoHandler(log: log)
        }
        let port = try server.start()
        let client = try LineClient.connect(port: port)
        try client.send("who")
        #expect(try client.readLine() == "who")
        #expect(peers.value.first?.hasPrefix("127.0.0.1:") == true)
        client.close()
        let done = DispatchSemaphore(value: 0)
        server.shutdown(finalLine: nil) { done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    @Test func refusesToStartTwiceOrOnATakenPort() throws {
        let echo = try EchoServer()
        #expect(throws: TCPServerError.alreadyStarted) { try echo.server.start() }
        let rival = TCPServer(configuration: TCPServerConfiguration(port: echo.port)) { _ in
            EchoHandler(log: NetEventLog())
        }
        #expect(throws: TCPServerError.socketCallFailed(call: "bind", errno: EADDRINUSE)) {
            try rival.start()
        }
        echo.stop()
    }
}
