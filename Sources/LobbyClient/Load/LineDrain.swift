import Foundation
import Glibc

/// Reads and discards everything many connections receive, on one thread, counting lines:
/// the background connections of a bench must keep reading or the server drops them.
final class LineDrain: @unchecked Sendable {
    private let descriptors: [Int32]
    private let lock = NSLock()
    private var lines = 0
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    /// Starts draining `descriptors` at once.
    init(_ descriptors: [Int32]) {
        self.descriptors = descriptors
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Lines received so far.
    var linesReceived: Int {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// Stops draining and waits for the thread to end; returns the lines received.
    @discardableResult
    func stop() -> Int {
        lock.lock()
        let already = stopping
        stopping = true
        lock.unlock()
        if !already { done.wait() }
        return linesReceived
    }

    private func run() {
        var watched = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            lock.lock()
            let stop = stopping
            lock.unlock()
            if stop { break }
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
            lock.lock()
            lines += found
            lock.unlock()
        }
        done.signal()
    }
}
