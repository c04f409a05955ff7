import Glibc

/// The append-only file descriptor of the game log: writes whole lines and flushes them to
/// the disk. Not thread-safe; ``GameLog`` serializes every call.
final class GameLogFile {
    private let descriptor: Int32
    /// The file's length: the end of the last complete line.
    private(set) var length: Int

    /// Opens (creating it if missing) the file at `path` for appending, and flushes the new
    /// directory entry when the file was created.
    init(path: String, directory: String) throws(GameLogError) {
        let existed = access(path, F_OK) == 0
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        descriptor = fd
        var info = stat()
        length = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        if !existed { Self.syncDirectory(directory) }
    }

    deinit { close(descriptor) }

    /// Cuts the file to `newLength` bytes and flushes it.
    func truncate(to newLength: Int) throws(GameLogError) {
        guard ftruncate(descriptor, off_t(newLength)) == 0 else {
            throw .truncateFailed(errno: errno)
        }
        length = newLength
        guard fsync(descriptor) == 0 else { throw .syncFailed(errno: errno) }
    }

    /// Appends `bytes` (one line with its newline) and flushes them to the disk before
    /// returning. On failure the file is cut back to its previous length.
    func appendLine(_ bytes: [UInt8]) throws(GameLogError) {
        let before = length
        var written = 0
        var failure: GameLogError?
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while written < buffer.count {
                let count = write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = .writeFailed(errno: errno)
                    return
                }
                written += count
            }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = .syncFailed(errno: errno) }
        if let failure {
            _ = ftruncate(descriptor, off_t(before))
            throw failure
        }
        length = before + bytes.count
    }

    private static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
