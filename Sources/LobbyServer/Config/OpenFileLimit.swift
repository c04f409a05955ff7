import Glibc

/// The process's limit on open file descriptors, which bounds how many clients it can serve.
public enum OpenFileLimit {
    /// Descriptors kept for everything but clients: the standard streams, the listener and
    /// its reserve, the game log, and refused connections on their way out.
    public static let descriptorsForOtherUse = 64

    /// Raises the soft limit to the hard limit and returns the soft limit in force afterwards
    /// (0 if it cannot be read).
    @discardableResult
    public static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// The most clients that fit in `descriptors` open files, leaving room for other use.
    public static func clientCapacity(descriptors: Int) -> Int {
        max(descriptors - descriptorsForOtherUse, 1)
    }
}
