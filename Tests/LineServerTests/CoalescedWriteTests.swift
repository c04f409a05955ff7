import Dispatch
import Foundation
import LineServer
import Testing
import TestSupport

/// Messages queued during one turn of a connection's queue leave in one `send` call.
@Suite struct CoalescedWriteTests {
    @Test func repliesToOneReadLeaveInOneWrite() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        try client.send("burst 50")
        #expect(try client.readLines(until: { $0 == "49" }).count == 50)
        #expect(echo.counters.messagesOut == 50)
        #expect(echo.counters.writeCalls == 1)
        client.close()
        echo.stop()
    }

    @Test func manyLinesInOnePacketAreAnsweredInOneWrite() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        let lines = (0..<200).map { "ping \($0)" }
        try client.sendRaw(Array(lines.map { $0 + "\n" }.joined().utf8))
        #expect(try client.readLines(until: { $0 == lines.last }) == lines)
        let counters = echo.counters
        #expect(counters.linesIn == 200)
        #expect(counters.messagesOut == 200)
        // The lines may arrive in more than one read, but never one write per line.
        #expect(counters.writeCalls <= 10)
        client.close()
        echo.stop()
    }

    @Test func sendsFromAnotherThreadWhileTheQueueIsBusyLeaveTogether() throws {
        let opened = Locked<Connection?>(nil)
        let log = NetEventLog()
        let server = TCPServer(configuration: TCPServerConfiguration()) { connection in
            opened.withLock { $0 = connection }
            return EchoHandler(log: log)
        }
        let port = try server.start()
        let client = try LineClient.connect(port: port)
        try client.send("ready")
        #expect(try client.readLine() == "ready")
        let connection = try #require(opened.value)
        let before = server.counters.snapshot.writeCalls
        let release = DispatchSemaphore(value: 0)
        connection.queue.async { release.wait() }
        for index in 0..<100 { connection.sendLine("message \(index)") }
        release.signal()
        #expect(try client.readLines(until: { $0 == "message 99" }).count == 100)
        #expect(server.counters.snapshot.writeCalls - before == 1)
        client.close()
        let done = DispatchSemaphore(value: 0)
        server.shutdown(finalLine: nil) { done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    @Test func sendsOnTheQueueOutsideATurnLeaveTogether() throws {
        let opened = Locked<Connection?>(nil)
        let log = NetEventLog()
        let server = TCPServer(configuration: TCPServerConfiguration()) { connection in
            opened.withLock { $0 = connection }
            return EchoHandler(log: log)
        }
        let port = try server.start()
        let client = try LineClient.connect(port: port)
        try client.send("ready")
        #expect(try client.readLine() == "ready")
        let connection = try #require(opened.value)
        let before = server.counters.snapshot.writeCalls
        connection.queue.async {
            for index in 0..<100 { connection.sendLine("timer \(index)") }
        }
        #expect(try client.readLines(until: { $0 == "timer 99" }).count == 100)
        #expect(server.counters.snapshot.writeCalls - before == 1)
        client.close()
        let done = DispatchSemaphore(value: 0)
        server.shutdown(finalLine: nil) { done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
    }
}
