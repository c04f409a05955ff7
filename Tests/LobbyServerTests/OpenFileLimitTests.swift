import Foundation
import Glibc
import Testing

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
        let server = try LimitedServerProcess(descriptorLimit: 96)
        defer { server.stop() }
        let clients = try (0..<150).map { _ in try LineClient.connect(port: server.port) }
        var greeted = 0
        var refused = 0
        for client in clients {
            let first = try #require(try client.readLine())
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
        let log = server.stop()
        #expect(log.contains("serving at most \(greeted) clients instead of 1000"))
        #expect(log.contains("out of file descriptors: refused 127.0.0.1:"))
    }
}

/// The built server run by a shell that first lowers the open-file limit (soft and hard).
private final class LimitedServerProcess {
    let process = Process()
    let port: UInt16
    private let errors = Pipe()
    private let directory: URL

    init(descriptorLimit: Int) throws {
        let binary = Bundle.main.executableURL!.deletingLastPathComponent()
            .appendingPathComponent("bigtwo-server")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-fd-\(UUID().uuidString)")
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", binary.path,
            "--host", "127.0.0.1", "--port", "0", "--data-dir", directory.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        guard first.hasPrefix("listening on 127.0.0.1:"),
            let port = UInt16(first.split(separator: ":").last ?? "")
        else {
            process.terminate()
            throw TestFailure("the server did not start: '\(first)'")
        }
        self.port = port
    }

    /// Stops the server and returns what it logged.
    @discardableResult
    func stop() -> String {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self)
    }
}
