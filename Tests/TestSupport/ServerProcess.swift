import Foundation

/// The built `bigtwo-server` executable running as a child process on 127.0.0.1.
public final class ServerProcess {
    public let process = Process()
    public let port: UInt16
    private let errors = Pipe()
    /// What the server logged so far, when its log is kept.
    private let log = ServerLog()
    /// Signalled once when the process exits.
    private let exited = DispatchSemaphore(value: 0)

    /// Why the server did not start.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts the executable with `arguments` (after host and `port`, by default a free one)
    /// and waits for its "listening on" line. With a `descriptorLimit` a shell lowers the
    /// open-file limit (soft and hard) first. With a `descriptorLimit` or `keepingLog`, the
    /// server's log is kept for ``waitForLog(containing:timeout:)`` and
    /// ``stopAndReadLog(signal:)``.
    ///
    /// With `logReaderGone` the server logs into a pipe whose reader has closed, as when the
    /// `tee` it was piped into ended on the same Ctrl-C.
    public init(
        arguments: [String], port requested: UInt16 = 0, descriptorLimit: Int? = nil,
        keepingLog: Bool = false, logReaderGone: Bool = false
    ) throws {
        TestProcessDescriptors.ensureRaised()
        let directory = Bundle.main.executableURL!.deletingLastPathComponent()
        let binary = directory.appendingPathComponent("bigtwo-server")
        let serverArguments = ["--host", "127.0.0.1", "--port", "\(requested)"] + arguments
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", binary.path]
                + serverArguments
            process.standardError = errors
        } else {
            process.executableURL = binary
            process.arguments = serverArguments
            process.standardError = keepingLog || logReaderGone ? errors : FileHandle.nullDevice
        }
        let output = Pipe()
        process.standardOutput = output
        let exited = exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if logReaderGone { try errors.fileHandleForReading.close() }
        if descriptorLimit != nil || keepingLog { log.read(errors.fileHandleForReading) }
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
            throw StartFailure(description: "the server did not start: '\(first)'")
        }
        self.port = port
    }

    /// Sends a signal and waits for the process to exit; returns its status.
    ///
    /// A server still running ``stopTimeout`` after the signal is killed, and the status is
    /// ``ignoredSignal``: a test expecting a clean stop fails instead of waiting for ever.
    @discardableResult
    public func stop(signal: Int32) -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        if exited.wait(timeout: .now() + Self.stopTimeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return Self.ignoredSignal
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// How long ``stop(signal:)`` waits for the server to exit.
    public static let stopTimeout = DispatchTimeInterval.seconds(30)
    /// What ``stop(signal:)`` returns for a server that had to be killed.
    public static let ignoredSignal: Int32 = -1

    /// Stops the server with `signal`; returns its exit status (see ``stop(signal:)``) and what
    /// it logged (started with a descriptor limit or keeping its log).
    public func stopAndReadLog(signal: Int32 = SIGTERM) -> (status: Int32, log: String) {
        let status = stop(signal: signal)
        return (status, log.whole())
    }

    /// Waits until the server's log (kept) holds `text`; false when it does not within
    /// `timeout` seconds, or the server exited first.
    public func waitForLog(containing text: String, timeout: TimeInterval = 30) -> Bool {
        log.wait(for: text, until: Date(timeIntervalSinceNow: timeout))
    }

    deinit {
        if process.isRunning { stop(signal: SIGKILL) }
    }
}

/// A server's log read from its pipe on a thread of its own, so that a test can wait for a
/// line while the server runs and read the whole once it exits.
private final class ServerLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes = Data()
    private var ended = false

    /// Reads `handle` until its end, on a thread of its own.
    func read(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty { ended = true } else { bytes.append(chunk) }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    func wait(for text: String, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if String(decoding: bytes, as: UTF8.self).contains(text) { return true }
            guard !ended, condition.wait(until: deadline) else {
                return String(decoding: bytes, as: UTF8.self).contains(text)
            }
        }
    }

    /// Everything logged, once the log ends (the server exited; a few seconds at most).
    func whole() -> String {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: 10)
        while !ended, condition.wait(until: deadline) {}
        return String(decoding: bytes, as: UTF8.self)
    }
}
