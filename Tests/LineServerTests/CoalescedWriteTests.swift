import Dispatch
import Foundation
import LineServer
import Locking
import Testing
import TestSupport

/// Messages queued during one turn of a connection's queue leave in one `send` call.
@Suite struct CoalescedWriteTests {
    @Test func repliesToOneReadLeaveInOneWrite() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        try client.send("burst 50")
        #expect(try client.readLines(until: { $0 == "49" }).count == 50)
        // The counters are settled once the connection has closed.
        client.close()
        #expect(echo.log.awaitCloses(1))
        #expect(echo.counters.messagesOut == 50)
        #expect(echo.counters.writeCalls == 1)
        echo.stop()
    }

    @Test func manyLinesInOnePacketAreAnsweredInOneWrite() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        let lines = (0..<200).map { "ping \($0)" }
        try client.sendRaw(Array(lines.map { $0 + "\n" }.joined().utf8))
        #expect(try client.readLines(until: { $0 == lines.last }) == lines)
        client.close()
        #expect(echo.log.awaitCloses(1))
        let counters = echo.counters
        #expect(counters.linesIn == 200)
        #expect(counters.messagesOut == 200)
        // The lines may arrive in more than one read, but never one write per line.
        #expect(counters.writeCalls <= 10)
        echo.stop()
    }

    /// A server whose one client has connected and been answered once, with the server's
    /// side of that connection, so a test can send on it from outside the handler.
    private struct OneConnection {
        let server: TCPServer
        let client: LineClient
        let connection: Connection

        init() throws {
            let opened = Locked<Connection?>(nil)
            let log = NetEventLog()
            server = TCPServer(configuration: TCPServerConfiguration()) { connection in
                opened.withLock { $0 = connection }
                return EchoHandler(log: log)
            }
            client = try LineClient.connect(port: try server.start())
            try client.send("ready")
            #expect(try client.readLine() == "ready")
            connection = try #require(opened.value)
        }

        /// Read on the connection's queue: the bytes reach the client a moment before the
        /// write that sent them is counted.
        var writeCalls: Int { connection.queue.sync { server.counters.snapshot.writeCalls } }

        func stop() {
            client.close()
            let done = DispatchSemaphore(value: 0)
            server.shutdown(finalLine: nil) { done.signal() }
            #expect(done.wait(timeout: .now() + 5) == .success)
        }
    }

    @Test func sendsFromAnotherThreadWhileTheQueueIsBusyLeaveTogether() throws {
        let setup = try OneConnection()
        let before = setup.writeCalls
        let release = DispatchSemaphore(value: 0)
        setup.connection.queue.async { release.wait() }
        for index in 0..<100 { setup.connection.sendLine("message \(index)") }
        release.signal()
        #expect(try setup.client.readLines(until: { $0 == "message 99" }).count == 100)
        #expect(setup.writeCalls - before == 1)
        setup.stop()
    }

    @Test func sendsOnTheQueueOutsideATurnLeaveTogether() throws {
        let setup = try OneConnection()
        let before = setup.writeCalls
        let connection = setup.connection
        connection.queue.async {
            for index in 0..<100 { connection.sendLine("timer \(index)") }
        }
        #expect(try setup.client.readLines(until: { $0 == "timer 99" }).count == 100)
        #expect(setup.writeCalls - before == 1)
        setup.stop()
    }
}
