import Foundation
import Glibc

/// The `bigtwo-server` executable run as a child process on 127.0.0.1, for load runs that
/// kill and restart it: it is started, waited for until it listens, and stopped with a signal.
final class ServerRunner {
    private let process = Process()

    /// The port it listens on.
    let port: UInt16

    /// The child's process id.
    var processIdentifier: pid_t { process.processIdentifier }

    /// Starts `executable` with `arguments` after `--host 127.0.0.1 --port port` (0 for any
    /// free port) and waits for its "listening on" line; tries again for a few seconds while
    /// the port is still held by a process just killed.
    static func start(executable: String, arguments: [String], port: UInt16 = 0)
        throws(ClientError) -> ServerRunner
    {
        let deadline = Date(timeIntervalSinceNow: 10)
        while true {
            do throws(ClientError) {
                return try ServerRunner(executable: executable, arguments: arguments, port: port)
            } catch {
                if Date() > deadline { throw error }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    private init(executable: String, arguments: [String], port requested: UInt16)
        throws(ClientError)
    {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--host", "127.0.0.1", "--port", "\(requested)"] + arguments
        process.standardError = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw .usage("cannot run the server '\(executable)': \(error.localizedDescription)")
        }
        let reader = output.fileHandleForReading
        var text = ""
        while !text.contains("\n") {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let first = text.split(separator: "\n").first.map(String.init) ?? ""
        guard first.hasPrefix("listening on "),
            let port = UInt16(first.split(separator: ":").last ?? "")
        else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw .server(code: "no_server", message: "the server did not start: '\(first)'")
        }
        self.port = port
        // Whatever else the server writes to its output is read and dropped, so that it never
        // blocks on a full pipe.
        Thread.detachNewThread {
            while !reader.availableData.isEmpty {}
        }
    }

    /// Sends `signal` and waits for the process to exit.
    func stop(signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
    }

    deinit {
        stop(signal: SIGKILL)
    }
}
