import Foundation
import Glibc

/// A directory on a filesystem of its own, a few megabytes in size, that a test can fill to
/// the last byte and empty again: a tmpfs mounted for the test. Mounting needs root with the
/// right to mount (CAP_SYS_ADMIN); elsewhere ``init(bytes:)`` returns nil, and a test falls
/// back on a file-size limit (``FileSizeLimit``) or says why it cannot run.
public final class SmallFilesystem {
    /// The mounted directory.
    public let path: String
    private var filler: Int32 = -1

    /// Mounts a tmpfs of `bytes` (rounded up to whole pages) on a new temporary directory;
    /// nil when mounting is not allowed here.
    public init?(bytes: Int) {
        var template = Array((NSTemporaryDirectory() + "bigtwo-small-fs-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        path = String(cString: made)
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(bytes),mode=0755") == 0 else {
            rmdir(path)
            return nil
        }
    }

    /// True when this process may mount a small filesystem (tried once).
    public static let canMount: Bool = SmallFilesystem(bytes: 65_536) != nil

    deinit {
        if filler >= 0 { close(filler) }
        umount2(path, Int32(MNT_DETACH))
        rmdir(path)
    }

    /// Bytes still free.
    public var freeBytes: Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// Fills every free byte with a file of its own, so that the next write anywhere on the
    /// filesystem fails with ENOSPC.
    public func fill() {
        if filler < 0 {
            filler = open(path + "/.filler", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        }
        let block = [UInt8](repeating: 0x55, count: 4_096)
        var size = 4_096
        while size >= 1 {
            let written = block.withUnsafeBytes { write(filler, $0.baseAddress!, size) }
            if written <= 0 { size /= 2 }
        }
    }

    /// Frees the space ``fill()`` took.
    public func makeRoom() {
        guard filler >= 0 else { return }
        close(filler)
        filler = -1
        unlink(path + "/.filler")
    }
}

/// A file-size limit (RLIMIT_FSIZE) set on another process: past it every write of that
/// process fails with EFBIG, as on a full disk. A process of the same user may lower its
/// soft limit and raise it again up to the hard limit, so no privilege is needed.
public enum FileSizeLimit {
    /// glibc's `prlimit`, which its headers declare only for GNU sources (so Swift does not
    /// see it): looked up by name instead.
    private typealias Call = @convention(c) (
        pid_t, Int32, UnsafePointer<rlimit>?, UnsafeMutablePointer<rlimit>?
    ) -> Int32

    private static let call: Call? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prlimit") else {
            return nil
        }
        return unsafeBitCast(symbol, to: Call.self)
    }()

    /// Lets process `pid` write no file past `bytes` (nil: as far as its hard limit allows);
    /// false when the system refused.
    @discardableResult
    public static func set(_ bytes: Int?, for pid: pid_t) -> Bool {
        guard let call else { return false }
        let resource = Int32(RLIMIT_FSIZE.rawValue)
        var current = rlimit()
        guard call(pid, resource, nil, &current) == 0 else { return false }
        var wanted = current
        wanted.rlim_cur = bytes.map { rlim_t($0) } ?? current.rlim_max
        return call(pid, resource, &wanted, nil) == 0
    }
}
