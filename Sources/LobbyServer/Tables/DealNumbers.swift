import Dispatch
import Foundation
import Glibc
import Locking

/// The deal numbers a master seed's seeds are derived from, each handed out once, however
/// often the server starts again on the same data directory.
///
/// With a data directory, numbers are reserved a block at a time: the end of the block is
/// made durable (written, synced and renamed into place) before its first number is handed
/// out, and a new start carries on after the last block reserved. The numbers of a block that
/// a crash or a stop cut short are skipped, never handed out again. Without a data directory
/// nothing is recorded anywhere, so the numbers start at 1 again with every start.
///
/// When a block cannot be recorded (a full disk, a directory gone), no number is handed out
/// and the server is told once, in the log and in `stats`; the block is tried again at most
/// once a second, and numbers are handed out again once it is recorded.
final class DealNumbers: Sendable {
    /// The file's name in the data directory.
    static let fileName = "deal-numbers"
    /// How many numbers one durable write reserves.
    static let blockSize: UInt64 = 1024
    /// How long after a failed write the next one is tried, in nanoseconds.
    static let retryInterval: UInt64 = 1_000_000_000

    /// Why a reservation could not be recorded.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether numbers are being handed out, for `stats`.
    enum Health: Equatable, Sendable {
        /// Numbers are handed out (or none are needed: no master seed, no data directory).
        case ok
        /// No number is handed out, for this reason.
        case failing(reason: String)
    }

    private struct State {
        /// The next number to hand out.
        var next: UInt64
        /// The last number reserved durably (numbers up to it may be handed out).
        var reserved: UInt64
        /// Why no number is handed out now, if none is.
        var failure: String?
        /// When the block may be tried again after a failed write (uptime, nanoseconds);
        /// nil when the file did not read, which no retry mends.
        var retryAt: UInt64?
        /// Writes that failed in the current spell of failures.
        var failedWrites = 0
    }

    private let url: URL?
    private let state: Locked<State>
    private let logger: Logger?
    private let clock: @Sendable () -> UInt64

    /// Numbers from 1, recorded nowhere.
    init() {
        url = nil
        logger = nil
        clock = { DispatchTime.now().uptimeNanoseconds }
        state = Locked(State(next: 1, reserved: .max))
    }

    /// The numbers not yet reserved in `directory`'s file (all of them when it has none). A
    /// file that does not read hands out no number: which numbers it reserved is unknown, so
    /// any could have been used. Problems are logged to `logger`; `clock` gives the uptime in
    /// nanoseconds.
    init(
        directory: String, logger: Logger? = nil,
        clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName)
        self.url = url
        self.logger = logger
        self.clock = clock
        var reserved: UInt64 = 0
        var problem: String?
        if FileManager.default.fileExists(atPath: url.path) {
            if let data = try? Data(contentsOf: url),
                let text = String(data: data, encoding: .utf8),
                let number = UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                reserved = number
            } else {
                problem = "\(Self.fileName) in \(directory) does not read"
            }
        }
        if let problem {
            logger?.error("\(problem): deals take seeds from the secure random source")
        }
        state = Locked(State(next: reserved + 1, reserved: reserved, failure: problem))
    }

    /// True when the numbers are recorded in a file.
    var isRecorded: Bool { url != nil }

    /// Whether numbers are handed out now.
    var health: Health {
        state.withLock { $0.failure.map { .failing(reason: $0) } ?? .ok }
    }

    /// The next number, or nil when it could not be reserved durably (the disk is full, the
    /// directory is gone): a number not recorded could be handed out again after a restart.
    /// Thread-safe.
    func take() -> UInt64? {
        let (number, line) = state.withLock { state -> (UInt64?, (LogLevel, String)?) in
            if state.failure != nil {
                guard let retryAt = state.retryAt, clock() >= retryAt else { return (nil, nil) }
            }
            var line: (LogLevel, String)?
            if state.next > state.reserved {
                let end = state.next + Self.blockSize - 1
                guard let url else { return (nil, nil) }
                do throws(Failure) {
                    try Self.record(end, at: url)
                } catch {
                    state.failedWrites += 1
                    state.retryAt = clock() + Self.retryInterval
                    guard state.failure == nil else { return (nil, nil) }
                    state.failure = error.description
                    let line =
                        "\(Self.fileName): \(error): deals take seeds from the secure random "
                        + "source, so the master seed no longer reproduces them (no seed is "
                        + "used twice); trying again every second"
                    return (nil, (.error, line))
                }
                if state.failure != nil {
                    line = (
                        .warning,
                        "\(Self.fileName): recorded again after \(state.failedWrites) failed "
                            + "write(s): deals take their seeds from the master seed again"
                    )
                    state.failure = nil
                    state.retryAt = nil
                    state.failedWrites = 0
                }
                state.reserved = end
            }
            defer { state.next += 1 }
            return (state.next, line)
        }
        if let line { logger?.log(line.0, line.1) }
        return number
    }

    /// Replaces the file at `url` by one holding `reserved`, durably: a crash leaves either
    /// the old file or the new one.
    private static func record(_ reserved: UInt64, at url: URL) throws(Failure) {
        let temporary = url.path + ".new"
        let bytes = Array("\(reserved)\n".utf8)
        let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else {
            throw Failure(description: "cannot write \(temporary): \(Self.reason())")
        }
        let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        let writeError = written == bytes.count ? nil : Self.reason()
        let synced = fsync(file) == 0
        let syncError = synced ? nil : Self.reason()
        close(file)
        guard written == bytes.count, synced, rename(temporary, url.path) == 0 else {
            let reason = writeError ?? syncError ?? Self.reason()
            unlink(temporary)
            throw Failure(description: "cannot record \(url.lastPathComponent): \(reason)")
        }
        let directory = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        guard directory >= 0 else { return }
        fsync(directory)
        close(directory)
    }

    /// The system's words for the last error.
    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
