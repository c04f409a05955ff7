import Foundation
import Testing
import TestSupport

@testable import LineServer

@Suite("Poller count")
struct PollerCountTests {
    @Test func theDefaultIsHalfTheProcessorsAndAtLeastOne() {
        let processors = ProcessInfo.processInfo.activeProcessorCount
        #expect(QueueGroup.defaultPollerCount == min(max(processors / 2, 1), 8))
    }

    /// Connections are dealt to the pollers in turn, and each poller serves its own share.
    @Test func everyPollerServesItsShareOfTheConnections() throws {
        let group = QueueGroup(roots: 1, label: "test.pollers")
        let echo = try EchoServer { configuration in
            configuration.queues = group
            configuration.pollerCount = 3
        }
        #expect(group.pollerCount == 3)
        let clients = try (0..<9).map { _ in try echo.connect() }
        for round in 0..<20 {
            for (index, client) in clients.enumerated() {
                try client.send("line \(index).\(round)")
            }
            for (index, client) in clients.enumerated() {
                #expect(try client.readLine() == "line \(index).\(round)")
            }
        }
        var pollers: [String] = []
        for client in clients {
            try client.send("thread")
            pollers.append(try client.readLine() ?? "none")
        }
        #expect(Set(pollers).count == 3)
        #expect(pollers[0..<3] == pollers[3..<6] && pollers[3..<6] == pollers[6..<9])
        for client in clients { client.close() }
        echo.stop()
    }
}
