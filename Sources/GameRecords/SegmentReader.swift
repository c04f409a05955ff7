import Glibc
import Locking

/// Reads single records' lines out of the segment files with `pread`, keeping one read-only
/// descriptor per segment open. Safe to use from any thread.
final class SegmentReader: Sendable {
    private let directory: String
    private let descriptors = Locked<[String: Int32]>([:])

    /// A reader of the segments in `directory`.
    init(directory: String) {
        self.directory = directory
    }

    deinit {
        descriptors.withLock { open in
            for fd in open.values { close(fd) }
        }
    }

    /// The `length` bytes at `offset` of segment `name`.
    func read(segment name: String, offset: Int64, length: Int) throws(GameLogError) -> [UInt8] {
        let path = directory + "/" + name
        let fd = try descriptor(path: path, name: name)
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let count = bytes.withUnsafeMutableBytes { raw in
                pread(fd, raw.baseAddress! + done, length - done, off_t(offset) + off_t(done))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = count == 0 ? "the file ends early" : "errno \(errno)"
                throw .cannotRead(path: path, reason: reason)
            }
            done += count
        }
        return bytes
    }

    private func descriptor(path: String, name: String) throws(GameLogError) -> Int32 {
        let result = descriptors.withLock { open -> Int32 in
            if let fd = open[name] { return fd }
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            if fd >= 0 { open[name] = fd }
            return fd
        }
        guard result >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        return result
    }
}
