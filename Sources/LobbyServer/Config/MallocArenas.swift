import Glibc

/// The C allocator's arenas, capped before the server starts its threads.
///
/// glibc's `malloc` gives a thread that finds every arena busy an arena of its own, up to
/// eight per processor, and what is freed into an arena stays with it. The server allocates
/// on one thread and frees on another all the time (a line read by a poller, answered from a
/// table's queue, written by the poller again), so each arena kept freed space the others
/// could not use: with people playing and sessions coming and going, the resident set grew by
/// about 16 MB a minute while the live heap stayed under 9 MB. With two arenas it levels off,
/// for the same processor time per deal.
///
/// An operator's own `MALLOC_ARENA_MAX` in the environment is left to glibc.
public enum MallocArenas {
    /// The arenas the server allows.
    public static let limit = 2

    /// Caps the arenas at ``limit`` unless the environment sets a cap; call it before any
    /// thread is started. Returns the cap in force, or nil when the environment's is.
    @discardableResult
    public static func cap() -> Int? {
        guard getenv("MALLOC_ARENA_MAX") == nil, let mallopt else { return nil }
        return mallopt(arenaMaxParameter, Int32(limit)) == 1 ? limit : nil
    }

    /// `M_ARENA_MAX` of glibc's `malloc.h`.
    private static let arenaMaxParameter: Int32 = -8

    /// glibc's `mallopt`, looked up by name: the C library module does not export it.
    private static var mallopt: (@convention(c) (Int32, Int32) -> Int32)? {
        guard let symbol = dlsym(nil, "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }
}
