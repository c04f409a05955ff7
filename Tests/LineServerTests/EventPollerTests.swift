import Dispatch
import Foundation
import Glibc
import Locking
import Testing
import TestSupport

@testable import LineServer

/// A poll target that records every report it gets.
private final class RecordingTarget: PollTarget {
    let reports = Locked<[Readiness]>([])
    private let reported = DispatchSemaphore(value: 0)

    func socketReady(_ readiness: Readiness) -> Bool {
        reports.withLock { $0.append(readiness) }
        reported.signal()
        return false
    }

    /// Waits, at most five seconds, for a report that `matches`.
    func awaitReport(where matches: (Readiness) -> Bool) -> Bool {
        while reported.wait(timeout: .now() + 5) == .success {
            if reports.value.contains(where: matches) { return true }
        }
        return false
    }
}

/// What the connections of the fairness test report, shared by their handlers.
private final class FairnessProbe: Sendable {
    struct Record {
        var bytesOfA = 0
        var bytesOfAWhenBArrived: Int?
    }

    let record = Locked(Record())
    let opened = DispatchSemaphore(value: 0)
    let held = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let bArrived = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
}

/// `hold` blocks the poller's thread until the probe is released, `b` notes how many bytes of
/// other lines came before it and is echoed, `end` is signalled, and any other line counts as
/// the flooding peer's.
private final class FairnessHandler: ConnectionHandler {
    let probe: FairnessProbe

    init(probe: FairnessProbe) {
        self.probe = probe
    }

    func connectionDidOpen(_ connection: Connection) {
        probe.opened.signal()
    }

    func connection(_ connection: Connection, didReceiveLine line: Data) {
        switch String(decoding: line, as: UTF8.self) {
        case "hold":
            probe.held.signal()
            probe.release.wait()
        case "end":
            probe.ended.signal()
        case "b":
            probe.record.withLock { $0.bytesOfAWhenBArrived = $0.bytesOfA }
            connection.sendLine("b")
            probe.bArrived.signal()
        default:
            probe.record.withLock { $0.bytesOfA += line.count + 1 }
        }
    }

    func connectionDidClose(_ connection: Connection, reason: CloseReason) {}
}

@Suite struct EventPollerTests {
    private static let readableOnly = Readiness(readable: true, writable: false, hungUp: false)

    /// Two connected stream sockets: the first is watched, the second plays the peer.
    private func makeSocketPair() throws -> (watched: Int32, peer: Int32) {
        var fds: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        return (fds[0], fds[1])
    }

    @Test func aReportForARemovedSocketReachesNeitherItsTargetNorALaterOne() throws {
        let poller = try EventPoller(label: "test.poller")
        defer { poller.stop() }
        let old = RecordingTarget()
        let new = RecordingTarget()
        let first = try makeSocketPair()
        let oldRegistration = try poller.register(first.watched, for: old)
        // A socket with room to write is reported as such once registered.
        #expect(old.awaitReport(where: \.writable))
        poller.deregister(oldRegistration)
        let reportsBeforeRemoval = old.reports.value.count
        close(first.watched)
        close(first.peer)

        // The lowest free descriptors, most likely the ones just closed.
        let second = try makeSocketPair()
        let newRegistration = try poller.register(second.watched, for: new)
        #expect(newRegistration.token != oldRegistration.token)
        // A report fetched before the removal carries the old token, whatever the descriptor.
        let stale = (token: oldRegistration.token, readiness: Self.readableOnly)
        #expect(poller.targets(of: [stale]).isEmpty)
        let current = (token: newRegistration.token, readiness: Self.readableOnly)
        let found = poller.targets(of: [current])
        #expect(found.count == 1)
        #expect(found.first?.0 === new)

        #expect(write(second.peer, "x", 1) == 1)
        #expect(new.awaitReport(where: \.readable))
        #expect(old.reports.value.count == reportsBeforeRemoval)
        poller.deregister(newRegistration)
        close(second.watched)
        close(second.peer)
    }

    @Test func aPeerSendingPastTheReadBudgetLetsAnotherConnectionBeServed() throws {
        // One root, so every connection shares one poller, and a budget of one read.
        let group = QueueGroup(roots: 1, label: "test.fairness")
        let probe = FairnessProbe()
        let configuration = TCPServerConfiguration(readBudgetBytes: 8_192, queues: group)
        let server = TCPServer(configuration: configuration) { _ in
            FairnessHandler(probe: probe)
        }
        let port = try server.start()
        let holder = try LineClient.connect(port: port)
        let flooding = try LineClient.connect(port: port)
        let waiting = try LineClient.connect(port: port)
        for _ in 0..<3 { #expect(probe.opened.wait(timeout: .now() + 5) == .success) }

        // Hold the poller in a turn of a third connection, so that both peers' input is
        // waiting when it is let go.
        try holder.send("hold")
        #expect(probe.held.wait(timeout: .now() + 5) == .success)
        let line = String(repeating: "a", count: 127) + "\n"
        let total = 64 * 1_024
        try flooding.sendRaw(Array(String(repeating: line, count: total / line.utf8.count).utf8))
        try waiting.send("b")
        probe.release.signal()

        #expect(try waiting.readLine() == "b")
        #expect(probe.bArrived.wait(timeout: .now() + 5) == .success)
        let bytesOfAWhenBArrived = try #require(probe.record.value.bytesOfAWhenBArrived)
        #expect(bytesOfAWhenBArrived < total)
        try flooding.send("end")
        #expect(probe.ended.wait(timeout: .now() + 5) == .success)
        #expect(probe.record.value.bytesOfA == total)
        for client in [holder, flooding, waiting] { client.close() }
        let done = DispatchSemaphore(value: 0)
        server.shutdown(finalLine: nil) { done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    @Test func outputThatFillsTheSocketResumesWhenThePeerReads() throws {
        let echo = try EchoServer { $0.outboundLimit = 1 << 23 }
        let client = try echo.connect(receiveBufferBytes: 4_096)
        // Far more than the socket buffers hold: the server finds the socket full and goes on
        // only when told there is room again.
        try client.send("repeat 1000000 abcd")
        #expect(try client.readLine() == String(repeating: "abcd", count: 1_000_000))
        client.close()
        #expect(echo.log.awaitCloses(1))
        #expect(echo.counters.writeCalls > 1)
        echo.stop()
    }
}
