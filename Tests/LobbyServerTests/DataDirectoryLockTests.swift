import Foundation
import LobbyServer
import Testing
import TestSupport

/// One server per data directory, with the real executables: a second server started on a
/// running server's directory is refused and names the running one, and changes nothing.
@Suite("The data directory lock")
struct DataDirectoryLockTests {
    @Test("a second server on the same data directory is refused, naming the first's PID")
    func secondServerIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let first = try ServerProcess(arguments: ["--data-dir", directory.url.path])
        defer { first.stop(signal: SIGTERM) }
        let journal = directory.file("tables.journal")
        let before = try FileManager.default.attributesOfItem(atPath: journal.path)

        let second = try Self.runSecondServer(dataDirectory: directory.url.path)
        #expect(second.status == 1)
        let pid = first.process.processIdentifier
        #expect(
            second.errors.contains("another bigtwo-server (PID \(pid)) is running on the data "
                + "directory \(directory.url.path)"), "\(second.errors)")
        #expect(!second.output.contains("listening on"), "\(second.output)")
        let after = try FileManager.default.attributesOfItem(atPath: journal.path)
        #expect(
            before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int,
            "the first server's journal was not replaced")

        // The first server still plays, and once it is gone the directory is free again.
        let client = try LineClient.connect(port: first.port)
        _ = try client.readLine()
        try client.send("ping")
        #expect(try client.readLine() == "pong")
        #expect(first.stop(signal: SIGTERM) == 0)
        let third = try ServerProcess(arguments: ["--data-dir", directory.url.path])
        #expect(third.stop(signal: SIGTERM) == 0)
    }

    /// Runs a second `bigtwo-server` on `dataDirectory`, which should refuse to start: one
    /// still running after 20 seconds is stopped, and its status is then -1.
    static func runSecondServer(dataDirectory: String) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = Bundle.main.executableURL!.deletingLastPathComponent()
            .appendingPathComponent("bigtwo-server")
        process.arguments = ["--host", "127.0.0.1", "--port", "0", "--data-dir", dataDirectory]
        process.environment = [:]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        var status: Int32 = -1
        if exited.wait(timeout: .now() + 20) == .timedOut {
            process.terminate()
            process.waitUntilExit()
        } else {
            process.waitUntilExit()
            status = process.terminationStatus
        }
        let written = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (status, written, complaint)
    }

    @Test("the lock is the kernel's: a killed server leaves no lock behind")
    func killedServerLeavesNoLock() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let first = try ServerProcess(arguments: ["--data-dir", directory.url.path])
        _ = first.stop(signal: SIGKILL)
        #expect(FileManager.default.fileExists(atPath: directory.file("server.lock").path))
        let second = try ServerProcess(arguments: ["--data-dir", directory.url.path])
        #expect(second.stop(signal: SIGTERM) == 0)
    }
}
