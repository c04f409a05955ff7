import Foundation
import Testing
import TestSupport

/// The real server, logging into a pipe nobody reads any more (`bigtwo-server 2>&1 | tee
/// log`, both ended by one Ctrl-C): it must still shut down cleanly and tell its clients.
@Suite("A server whose log reader is gone")
struct BrokenLogTests {
    @Test func itStillShutsDownCleanlyAndSaysSo() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-broken-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try ServerProcess(
            arguments: ["--data-dir", data.path, "--stats-seconds", "0"], logReaderGone: true)
        let client = try LineClient.connect(port: server.port)
        try client.send("hello zed")
        _ = try client.readLines { $0.hasPrefix("to come back after a drop") }
        #expect(server.stop(signal: SIGINT) == 0, "a clean exit, not a trap")
        #expect(try client.readLine() == "server: the server is shutting down")
    }
}
