import Dispatch
import Glibc

/// Turns termination signals into a call on a queue, for a graceful shutdown.
///
/// The default action of each watched signal is replaced by "ignore", so the process keeps
/// running and the closure decides what to do; it is called again if the signal repeats.
public final class SignalWatcher: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    /// Starts watching `signals` (SIGTERM and SIGINT by default); `handler` receives the
    /// signal number on `queue`.
    public init(
        signals: [Int32] = [SIGTERM, SIGINT],
        queue: DispatchQueue = DispatchQueue(label: "LineServer.signals"),
        handler: @escaping @Sendable (Int32) -> Void
    ) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.activate()
            return source
        }
    }

    /// Stops watching; the signals stay ignored.
    public func cancel() {
        for source in sources { source.cancel() }
    }
}
