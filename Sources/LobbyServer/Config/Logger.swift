import Foundation
import Locking

/// Writes one line per notable event: an ISO-8601 timestamp, the level, and the message.
public final class Logger: Sendable {
    /// Lines below this level are dropped.
    public let level: LogLevel
    private let sink: @Sendable (String) -> Void
    private let lock = Locked(())

    /// A logger writing to standard error. A line that cannot be written is dropped: when
    /// the log is piped into `tee` and one Ctrl-C ends both, the server must still shut down
    /// cleanly (the non-throwing write would trap on the broken pipe).
    public convenience init(level: LogLevel) {
        self.init(level: level) { line in
            try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
        }
    }

    /// A logger handing each finished line (with its newline) to `sink`.
    public init(level: LogLevel, sink: @escaping @Sendable (String) -> Void) {
        self.level = level
        self.sink = sink
    }

    /// Logs `message` at `level`; the message is only built when the line is written.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level >= self.level else { return }
        let stamp = Date.now.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        let line = "\(stamp) \(level.rawValue.uppercased()) \(message())\n"
        lock.withLock { _ in sink(line) }
    }

    /// Logs at debug level.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    /// Logs at info level.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// Logs at warning level.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// Logs at error level.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
