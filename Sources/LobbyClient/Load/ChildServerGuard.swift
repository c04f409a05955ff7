import Dispatch
import Foundation
import Glibc

/// Kills the server a command runs as a child when the command itself is interrupted (SIGINT,
/// SIGTERM or SIGHUP), so that stopping `killsoak` midway leaves no server behind.
final class ChildServerGuard: @unchecked Sendable {
    private let lock = NSLock()
    /// The running child's process id, touched only under `lock`.
    private var child: pid_t?
    private var sources: [any DispatchSourceSignal] = []

    /// Starts watching the signals; the process exits with status 130 after killing the child.
    init() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                if let pid = lock.withLock({ child }) { kill(pid, SIGKILL) }
                exit(130)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The child now running (nil: none).
    func watch(_ pid: pid_t?) {
        lock.withLock { child = pid }
    }
}
