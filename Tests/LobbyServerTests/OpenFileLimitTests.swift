import Foundation
import Glibc
import Testing
import TestSupport

@testable import LobbyServer

@Suite struct OpenFileLimitTests {
    @Test func raisesTheSoftLimitToTheHardLimit() {
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        #expect(OpenFileLimit.raiseToHardLimit() == Int(clamping: limit.rlim_max))
    }

    @Test func leavesRoomForOtherDescriptors() {
        #expect(OpenFileLimit.clientCapacity(descriptors: 300) == 236)
        #expect(OpenFileLimit.clientCapacity(descriptors: 10) == 1)
    }

    /// Under a tight descriptor limit the server caps its clients with a warning, and when it
    /// runs out of descriptors anyway (refused connections still hold theirs for a moment),
    /// every newcomer still gets a line instead of hanging in the backlog.
    @Test func everyClientGetsALineWhenDescriptorsRunOut() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-fd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try ServerProcess(arguments: ["--data-dir", data.path], descriptorLimit: 96)
        let clients = try (0..<150).map { _ in try LineClient.connect(port: server.port) }
        var greeted = 0
        var refused = 0
        for (index, client) in clients.enumerated() {
            let line: String?
            do {
                line = try client.readLine()
            } catch {
                // Say whether the server was still up, and what it logged, to tell a reset
                // from a dead server apart from one the server chose.
                let running = server.process.isRunning
                let log = server.stopAndReadLog().log.split(separator: "\n").suffix(20)
                let ends = log.joined(separator: " | ")
                Issue.record(
                    "client \(index) of 150: \(error); server running: \(running); log: \(ends)")
                return
            }
            let first = try #require(line)
            if first.contains(#""type":"greeting""#) {
                greeted += 1
            } else {
                #expect(first.contains(#""code":"server_full""#))
                refused += 1
            }
        }
        for client in clients { client.close() }
        #expect(greeted == OpenFileLimit.clientCapacity(descriptors: 96))
        #expect(refused == 150 - greeted)
        let (status, log) = server.stopAndReadLog()
        #expect(status == 0, "SIGTERM under descriptor exhaustion: \(log)")
        #expect(log.contains("serving at most \(greeted) clients instead of 1000"))
        #expect(log.contains("out of file descriptors: refused 127.0.0.1:"))
    }
}
