import Glibc

/// Lifts the test process's soft limit on open descriptors to its hard limit, once.
///
/// Swift Testing runs suites in parallel in one process, and its clients and in-process
/// servers hold thousands of sockets between them at busy moments. Under the common soft
/// limit of 1,024 a server in the test process runs out and refuses a newcomer in its
/// emergency form, which fails whichever test happened to connect then. Everything that opens
/// a socket or starts a server here touches ``ensureRaised()`` first.
public enum TestProcessDescriptors {
    private static let raised: Void = {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0,
            limit.rlim_cur < limit.rlim_max
        else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }()

    /// Raises the limit the first time it is called; later calls do nothing.
    public static func ensureRaised() { raised }
}
