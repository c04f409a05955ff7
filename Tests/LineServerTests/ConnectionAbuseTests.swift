import Dispatch
import Foundation
import LineServer
import Testing
import TestSupport

/// Limits that keep one peer from holding slots or memory: per-address caps, unfinished
/// lines, slow readers; each drop counted and logged with the peer's address.
@Suite struct ConnectionAbuseTests {
    @Test func refusesConnectionsOverThePerAddressCap() throws {
        let echo = try EchoServer {
            $0.maxConnectionsPerAddress = 2
            $0.perAddressRejectionLine = Data("crowded\n".utf8)
        }
        let first = try echo.connect()
        let second = try echo.connect()
        for client in [first, second] {
            try client.send("hi")
            #expect(try client.readLine() == "hi")
        }
        let refused = try echo.connect()
        #expect(try refused.readLine() == "crowded")
        #expect(try refused.readLine() == nil)
        #expect(echo.counters.disconnects[.perAddressCap] == 1)
        #expect(echo.counters.connectionsRejected == 1)
        #expect(echo.logged.value.contains { $0.contains("127.0.0.1:") && $0.contains("per_address") })
        first.close()
        #expect(echo.log.awaitCloses(1))
        let third = try echo.connect()
        try third.send("room again")
        #expect(try third.readLine() == "room again")
        for client in [second, refused, third] { client.close() }
        echo.stop()
    }

    @Test func closesALineLeftUnfinished() throws {
        let echo = try EchoServer { $0.incompleteLineTimeout = .milliseconds(200) }
        let client = try echo.connect()
        try client.send("complete")
        #expect(try client.readLine() == "complete")
        try client.sendRaw(Array("never finish".utf8))
        #expect(try client.readLine() == "timed out")
        #expect(try client.readLine() == nil)
        #expect(echo.log.awaitCloses(1))
        #expect(echo.log.closeReasons == [.idleTimeout])
        #expect(echo.counters.disconnects[.idleTimeout] == 1)
        #expect(echo.logged.value.contains { $0.contains("127.0.0.1:") && $0.contains("idle") })
        client.close()
        echo.stop()
    }

    @Test func countsAndLogsASlowClientDropped() throws {
        let echo = try EchoServer { $0.outboundLimit = 65_536 }
        let stalled = try echo.connect(receiveBufferBytes: 4_096)
        try stalled.send("flood")
        #expect(echo.log.awaitCloses(1))
        #expect(echo.counters.disconnects[.slowClient] == 1)
        #expect(echo.logged.value.contains { $0.contains("slow_client") })
        stalled.close()
        echo.stop()
    }

    @Test func countsTrafficAndPeerCloses() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        try client.send("one")
        try client.send("two")
        #expect(try client.readLines(until: { $0 == "two" }) == ["one", "two"])
        client.close()
        #expect(echo.log.awaitCloses(1))
        let counters = echo.counters
        #expect(counters.connectionsAccepted == 1)
        #expect(counters.connectionsOpen == 0)
        #expect(counters.linesIn == 2)
        #expect(counters.bytesIn == 8)
        #expect(counters.bytesOut == 8)
        #expect(counters.messagesOut == 2)
        #expect(counters.disconnects == [.peerClosed: 1])
        #expect(echo.logged.value.isEmpty)
        echo.stop()
    }
}
