import Dispatch
import Glibc

/// Turns termination signals into calls of a handler, for a graceful shutdown.
///
/// The signals are blocked from the start of the process (``blockSignals(_:)``, before any
/// thread exists, so every thread inherits the mask) and taken with `sigwait` by the thread
/// that calls ``waitForSignals(_:on:handler:)``, for ever. Nothing is lost in between: a signal
/// that arrives before the waiting starts stays pending until then. Nor does this need a file
/// descriptor, so a server that has run out of descriptors still stops when told to (a
/// dispatch signal source needs one, and silently never fires when it could not get it).
public enum SignalWatcher {
    /// The signals a server stops on.
    public static let termination: [Int32] = [SIGTERM, SIGINT]

    /// Blocks `signals` in the calling thread and in every thread it makes from now on. Call
    /// it first thing in `main`, before anything starts a thread.
    public static func blockSignals(_ signals: [Int32] = termination) {
        var set = signalSet(signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits on the calling thread for `signals` (blocked by ``blockSignals(_:)``), and for
    /// each one that arrives calls `handler` with its number on `queue`. Never returns.
    public static func waitForSignals(
        _ signals: [Int32] = termination,
        on queue: DispatchQueue = DispatchQueue(label: "LineServer.signals"),
        handler: @escaping @Sendable (Int32) -> Void
    ) -> Never {
        var set = signalSet(signals)
        while true {
            var number: Int32 = 0
            guard sigwait(&set, &number) == 0 else { continue }
            let received = number
            queue.async { handler(received) }
        }
    }

    private static func signalSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }
}
