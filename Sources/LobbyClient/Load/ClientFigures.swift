import Glibc

/// What a load run cost the client process itself, next to the server's figures: a soak whose
/// clients cost more than the server measures the clients, not the server.
public struct ClientFigures: Codable, Sendable, Equatable {
    /// Processor time this process used during the run (user plus system), in milliseconds.
    public var cpuMs: Double
    /// The part of `cpuMs` spent in the process's own code.
    public var userMs: Double
    /// The part of `cpuMs` spent in the kernel on the process's behalf (socket calls, waits).
    public var systemMs: Double
    /// Processor milliseconds per finished deal (0 when no deal finished).
    public var cpuMsPerDeal: Double
    /// Processor microseconds per line received (0 when none arrived).
    public var cpuUsPerMessage: Double

    /// The figures between two readings of the process clock, for `deals` deals and
    /// `messages` lines received.
    public init(from start: ProcessClock, to end: ProcessClock, deals: Int, messages: Int) {
        userMs = (end.userSeconds - start.userSeconds) * 1_000
        systemMs = (end.systemSeconds - start.systemSeconds) * 1_000
        cpuMs = userMs + systemMs
        cpuMsPerDeal = deals > 0 ? cpuMs / Double(deals) : 0
        cpuUsPerMessage = messages > 0 ? cpuMs * 1_000 / Double(messages) : 0
    }
}

/// The processor time this process has used so far, as the kernel counts it.
public struct ProcessClock: Sendable, Equatable {
    /// Time in the process's own code, in seconds.
    public var userSeconds: Double
    /// Time in the kernel on the process's behalf, in seconds.
    public var systemSeconds: Double

    /// A reading with the given times.
    public init(userSeconds: Double, systemSeconds: Double) {
        self.userSeconds = userSeconds
        self.systemSeconds = systemSeconds
    }

    /// The reading now.
    public static func now() -> ProcessClock {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return ProcessClock(
            userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime))
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }
}
