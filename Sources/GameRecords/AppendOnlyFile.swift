import Glibc

/// A file written only at its end, for logs and journals: whole writes, explicit syncs, and a
/// cut back to the last good length when a write or its sync fails. Not thread-safe; its
/// owner (such as a ``GroupCommitWriter`` target) serializes every call.
///
/// A failure leaves the file as it was before the failed call: a write the disk took only
/// part of (a full disk, a file-size limit) is cut off, and so is a write whose sync failed,
/// since after a failed sync the kernel may have dropped those pages. When even the cut
/// fails, the next call cuts first, so that nothing half-written ever has lines after it.
public final class AppendOnlyFile {
    /// The file's path.
    public let path: String
    private let descriptor: Int32
    /// The file's length: the end of the last complete write.
    public private(set) var length: Int
    /// True when a failed write could not be cut off: the file may hold more than `length`.
    private var needsCut = false

    /// Opens (creating it if missing, with `permissions`) the file at `path` for appending,
    /// and for reading with `pread` too when `readable`. A new file's directory entry is
    /// flushed, so the file itself survives a crash; `truncating` empties an existing file.
    public init(
        path: String, permissions: mode_t = 0o644, readable: Bool = false,
        truncating: Bool = false
    ) throws(GameLogError) {
        let existed = access(path, F_OK) == 0
        let flags = (readable ? O_RDWR : O_WRONLY) | O_APPEND | O_CREAT | O_CLOEXEC
        let fd = open(path, flags | (truncating ? O_TRUNC : 0), permissions)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        self.path = path
        descriptor = fd
        var info = stat()
        length = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
        if !existed { Self.syncDirectory(containing: path) }
    }

    /// The open file's descriptor, for reading it with `pread` or checking it with `fstat`;
    /// it stays open as long as this object lives.
    public var fileDescriptor: Int32 { descriptor }

    deinit { close(descriptor) }

    /// Appends `bytes` with as few system calls as the kernel allows. On failure the file is
    /// cut back to its previous length and nothing of `bytes` remains.
    public func append(_ bytes: [UInt8]) throws(GameLogError) {
        let failure = bytes.withUnsafeBytes { buffer -> GameLogError? in
            do throws(GameLogError) {
                try append(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// ``append(_:)-([UInt8])`` for bytes wherever they are kept.
    public func append(_ buffer: UnsafeRawBufferPointer) throws(GameLogError) {
        try cutIfNeeded()
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        let before = length
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, base + written, buffer.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                let failure = errno
                cut(to: before)
                throw .writeFailed(errno: failure)
            }
            if count == 0 {
                cut(to: before)
                throw .writeFailed(errno: EIO)
            }
            written += count
        }
        length = before + buffer.count
    }

    /// Appends `bytes` and, with `sync`, flushes them to the disk; when either fails, the
    /// file is cut back to its previous length and nothing of `bytes` remains.
    public func append(_ bytes: [UInt8], sync: Bool) throws(GameLogError) {
        let before = length
        try append(bytes)
        guard sync else { return }
        guard fdatasync(descriptor) == 0 else {
            let code = errno
            cut(to: before)
            throw .syncFailed(errno: code)
        }
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
        needsCut = false
        guard fsync(descriptor) == 0 else { throw .syncFailed(errno: errno) }
    }

    /// Cuts the file back to `before`, without a sync (after a failed call, or to drop what
    /// a failed sync may have lost); when the cut fails, the next append tries it again first.
    public func cut(to before: Int) {
        length = before
        needsCut = ftruncate(descriptor, off_t(before)) != 0
    }

    /// Cuts off what a failed write left, if an earlier cut failed.
    private func cutIfNeeded() throws(GameLogError) {
        guard needsCut else { return }
        guard ftruncate(descriptor, off_t(length)) == 0 else {
            throw .truncateFailed(errno: errno)
        }
        needsCut = false
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
