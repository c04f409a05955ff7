import Foundation
import Glibc

/// An exclusive lock on a data directory for as long as the server runs: `flock` on the
/// `server.lock` file in it, which names the holder's PID.
///
/// Two servers on one directory would each restore the tables from the journal, and the
/// second's compaction would replace `tables.journal` under the first, whose journal would
/// then write to a deleted file: the first's tables would no longer survive a restart. The
/// kernel drops the lock when the holder exits, however it exits (a kill -9 included), so a
/// stale lock file never keeps a server from starting.
public final class DataDirectoryLock: Sendable {
    /// The lock file's name in the data directory.
    public static let fileName = "server.lock"

    /// Why the lock could not be taken.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Another process holds it; its PID as its lock file names it, if readable.
        case held(directory: String, pid: Int32?)
        /// The directory or the lock file could not be made; the reason is the system's.
        case cannotLock(path: String, reason: String)

        public var description: String {
            switch self {
            case .held(let directory, let pid?):
                "another bigtwo-server (PID \(pid)) is running on the data directory "
                    + "\(directory): stop it first (kill \(pid)), or give this one another "
                    + "--data-dir"
            case .held(let directory, nil):
                "another bigtwo-server is running on the data directory \(directory): stop it "
                    + "first, or give this one another --data-dir"
            case .cannotLock(let path, let reason):
                "cannot lock \(path): \(reason)"
            }
        }
    }

    /// The open lock file; the lock lasts as long as it is open.
    private let descriptor: Int32
    /// The directory locked.
    public let directory: String

    /// Takes the lock on `directory` (creating the directory if needed) and writes this
    /// process's PID into the lock file, or says who holds it.
    public init(directory: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotLock(path: directory, reason: error.localizedDescription)
        }
        let path = (directory as NSString).appendingPathComponent(Self.fileName)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotLock(path: path, reason: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = Self.pid(in: descriptor)
            close(descriptor)
            guard code == EWOULDBLOCK else {
                throw .cannotLock(path: path, reason: String(cString: strerror(code)))
            }
            throw .held(directory: directory, pid: holder)
        }
        let line = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) != 0 || pwrite(descriptor, line, line.count, 0) != line.count {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotLock(path: path, reason: reason)
        }
        self.descriptor = descriptor
        self.directory = directory
    }

    deinit {
        close(descriptor)
    }

    /// The PID a lock file names, if it names one.
    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
