import Foundation
import LobbyServer
import Testing

/// The built `bigtwo-client` executable, driven line by line through its standard input the
/// way a script or a person would, against a real server.
@Suite struct ClientBinaryTests {
    /// Lines of a child process's standard output, read on a background thread.
    final class OutputLines: @unchecked Sendable {
        private let condition = NSCondition()
        private var lines: [String] = []
        private var ended = false

        init(_ handle: FileHandle) {
            Thread {
                var pending = ""
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    pending += String(decoding: chunk, as: UTF8.self)
                    while let newline = pending.firstIndex(of: "\n") {
                        let line = String(pending[..<newline])
                        pending = String(pending[pending.index(after: newline)...])
                        self.condition.lock()
                        self.lines.append(line)
                        self.condition.broadcast()
                        self.condition.unlock()
                    }
                }
                self.condition.lock()
                self.ended = true
                self.condition.broadcast()
                self.condition.unlock()
            }.start()
        }

        /// The line at `index`, waiting for it up to 20 seconds; nil at end of output or timeout.
        func line(_ index: Int) -> String? {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date().addingTimeInterval(20)
            while lines.count <= index && !ended {
                if !condition.wait(until: deadline) { return nil }
            }
            return index < lines.count ? lines[index] : nil
        }
    }

    @Test("typed lines on stdin play a whole deal to the end")
    func playsADealThroughStandardInput() throws {
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, masterSeed: 99, botDelayMilliseconds: 0,
            logLevel: .error)
        let server = LobbyServer(configuration: configuration, logger: Logger(level: .error) { _ in })
        let port = try server.start()
        defer {
            let done = DispatchSemaphore(value: 0)
            server.shutdown { done.signal() }
            done.wait()
        }
        let process = Process()
        process.executableURL = Bundle.main.executableURL!.deletingLastPathComponent()
            .appendingPathComponent("bigtwo-client")
        process.arguments = ["127.0.0.1:\(port)", "--name", "ann"]
        process.environment = ["NO_COLOR": "1"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let lines = OutputLines(output.fileHandleForReading)
        func type(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

        type("create games=1 turn=0")
        type("start")
        var index = 0
        var moves = 0
        var dealOver = false
        while let line = lines.line(index) {
            index += 1
            if line.contains(" went out · ") { dealOver = true }
            if line.hasPrefix("match over") { break }
            guard line.hasPrefix("your turn: cards") else { continue }
            type("hint")
            while let hint = lines.line(index), hint != "legal plays, weakest first:" { index += 1 }
            index += 1
            let first = try #require(lines.line(index)).trimmingCharacters(in: .whitespaces)
            let move = first.hasPrefix("pass") ? "pass" : String(first.prefix { $0 != "(" })
            type(move.trimmingCharacters(in: .whitespaces))
            moves += 1
        }
        type("quit")
        process.waitUntilExit()
        #expect(dealOver)
        #expect(moves > 0)
        #expect(process.terminationStatus == 0)
    }
}
