import Glibc

/// A file written only at its end, for logs and journals: whole writes, explicit syncs, and a
/// cut back to the last good length when a write fails. Not thread-safe; its owner (such as a
/// ``GroupCommitWriter`` target) serializes every call.
public final class AppendOnlyFile {
    /// The file's path.
    public let path: String
    private let descriptor: Int32
    /// The file's length: the end of the last complete write.
    public private(set) var length: Int

    /// Opens (creating it if missing) the file at `path` for appending. A new file's directory
    /// entry is flushed, so the file itself survives a crash.
    public init(path: String) throws(GameLogError) {
        let existed = access(path, F_OK) == 0
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        self.path = path
        descriptor = fd
        var info = stat()
        length = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        if !existed { Self.syncDirectory(containing: path) }
    }

    deinit { close(descriptor) }

    /// Appends `bytes` with as few system calls as the kernel allows. On failure the file is
    /// cut back to its previous length and nothing of `bytes` remains.
    public func append(_ bytes: [UInt8]) throws(GameLogError) {
        let before = length
        var written = 0
        var failure: Int32?
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while written < buffer.count {
                let count = write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        if let failure {
            _ = ftruncate(descriptor, off_t(before))
            throw .writeFailed(errno: failure)
        }
        length = before + bytes.count
    }

    /// Flushes the file's data to the disk.
    public func sync() throws(GameLogError) {
        guard fdatasync(descriptor) == 0 else { throw .syncFailed(errno: errno) }
    }

    /// Cuts the file to `newLength` bytes and flushes it.
    public func truncate(to newLength: Int) throws(GameLogError) {
        guard ftruncate(descriptor, off_t(newLength)) == 0 else {
            throw .truncateFailed(errno: errno)
        }
        length = newLength
        guard fsync(descriptor) == 0 else { throw .syncFailed(errno: errno) }
    }

    /// Flushes the directory holding `path`, so a file created or renamed there survives.
    public static func syncDirectory(containing path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let fd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
