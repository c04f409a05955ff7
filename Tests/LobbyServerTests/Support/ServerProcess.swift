import Foundation

/// The built `bigtwo-server` executable running as a child process on 127.0.0.1.
final class ServerProcess {
    let process = Process()
    let port: UInt16

    /// Starts the executable with `arguments` (after host and a free port) and waits for its
    /// "listening on" line.
    init(arguments: [String]) throws {
        let directory = Bundle.main.executableURL!.deletingLastPathComponent()
        process.executableURL = directory.appendingPathComponent("bigtwo-server")
        process.arguments = ["--host", "127.0.0.1", "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
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

    /// Sends a signal and waits for the process to exit; returns its status.
    @discardableResult
    func stop(signal: Int32) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { stop(signal: SIGKILL) }
    }
}
