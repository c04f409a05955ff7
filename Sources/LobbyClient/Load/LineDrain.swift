import Foundation
import Glibc
import Locking

/// Reads and discards everything many connections receive, on one thread, counting lines:
/// the background connections of a bench must keep reading or the server drops them.
final class LineDrain: Sendable {
    private let descriptors: [Int32]
    /// Lines counted so far, and whether the drain is to stop.
    private let progress = Locked((lines: 0, stopping: false))
    private let done = DispatchSemaphore(value: 0)

    /// Starts draining `descriptors` at once.
    init(_ descriptors: [Int32]) {
        self.descriptors = descriptors
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Lines received so far.
    var linesReceived: Int { progress.withLock { $0.lines } }

    /// Stops draining and waits for the thread to end; returns the lines received.
    @discardableResult
    func stop() -> Int {
        let already = progress.withLock { progress in
            defer { progress.stopping = true }
            return progress.stopping
        }
        if !already { done.wait() }
        return linesReceived
    }

    private func run() {
        var watched = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if progress.withLock({ $0.stopping }) { break }
            guard poll(&watched, nfds_t(watched.count), 100) > 0 else { continue }
            var found = 0
            for index in watched.indices where watched[index].revents != 0 {
                let fd = watched[index].fd
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count <= 0 {
                    if count < 0 && errno == EINTR { continue }
                    watched[index].fd = -1
                    continue
                }
                found += chunk[0..<count].reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            }
            progress.withLock { $0.lines += found }
        }
        done.signal()
    }
}
