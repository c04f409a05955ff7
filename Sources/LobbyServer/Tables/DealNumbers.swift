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
final class DealNumbers: Sendable {
    /// The file's name in the data directory.
    static let fileName = "deal-numbers"
    /// How many numbers one durable write reserves.
    static let blockSize: UInt64 = 1024

    /// Why a reservation could not be recorded.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private struct State {
        /// The next number to hand out.
        var next: UInt64
        /// The last number reserved durably (numbers up to it may be handed out).
        var reserved: UInt64
        /// Set once a reservation failed: no number is handed out after it.
        var failed = false
    }

    private let url: URL?
    private let state: Locked<State>

    /// Numbers from 1, recorded nowhere.
    init() {
        url = nil
        problem = nil
        state = Locked(State(next: 1, reserved: .max))
    }

    /// The numbers not yet reserved in `directory`'s file (all of them when it has none). A
    /// file that does not read hands out no number (``problem`` says why): which numbers it
    /// reserved is unknown, so any could have been used.
    init(directory: String) {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName)
        self.url = url
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
        self.problem = problem
        state = Locked(State(next: reserved + 1, reserved: reserved, failed: problem != nil))
    }

    /// Why no number is handed out, when the file did not read.
    let problem: String?

    /// The next number, or nil when it could not be reserved durably (the disk is full, the
    /// directory is gone): a number not recorded could be handed out again after a restart.
    /// Thread-safe.
    func take() -> UInt64? {
        state.withLock { state -> UInt64? in
            guard !state.failed else { return nil }
            if state.next > state.reserved {
                let end = state.next + Self.blockSize - 1
                guard let url, (try? Self.record(end, at: url)) != nil else {
                    state.failed = true
                    return nil
                }
                state.reserved = end
            }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Replaces the file at `url` by one holding `reserved`, durably: a crash leaves either
    /// the old file or the new one.
    private static func record(_ reserved: UInt64, at url: URL) throws(Failure) {
        let temporary = url.path + ".new"
        let bytes = Array("\(reserved)\n".utf8)
        let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw Failure(description: "cannot write \(temporary)") }
        let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        let synced = fsync(file) == 0
        close(file)
        guard written == bytes.count, synced, rename(temporary, url.path) == 0 else {
            unlink(temporary)
            throw Failure(description: "cannot record \(url.lastPathComponent)")
        }
        let directory = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        guard directory >= 0 else { return }
        fsync(directory)
        close(directory)
    }
}
