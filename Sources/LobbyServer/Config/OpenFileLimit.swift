import Glibc

/// The process's limit on open file descriptors, which bounds how many clients it can serve.
public enum OpenFileLimit {
    /// Raises the soft limit so that `clients` connections fit (plus room for the listener,
    /// the game log and the standard streams), up to the hard limit. Returns the soft limit
    /// in force afterwards.
    @discardableResult
    public static func raise(toServe clients: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        let wanted = rlim_t(max(clients, 0) + 64)
        if limit.rlim_cur < wanted {
            limit.rlim_cur = min(wanted, limit.rlim_max)
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Int(clamping: limit.rlim_cur)
    }
}
