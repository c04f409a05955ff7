import Foundation

/// Sessions that connect, say `hello` and leave at a steady rate, on a thread of their own,
/// until stopped: the server holds each for its seatless time, so its resident set should
/// level off once that time has passed.
final class SessionChurn: Sendable {
    private let stopped = ListerStop()
    private let done = DispatchGroup()

    /// Starts `rate` sessions a second (none when 0).
    init(rate: Int, address: ServerAddress) {
        guard rate > 0 else { return }
        let tag = String(getpid() % 10_000)
        done.enter()
        Thread { [stopped, done] in
            let start = Date()
            var made = 0
            while !stopped.isSet {
                let due = start.addingTimeInterval(Double(made) / Double(rate))
                let wait = due.timeIntervalSinceNow
                if wait > 0 { usleep(UInt32(min(wait, 0.5) * 1_000_000)) }
                if due.timeIntervalSinceNow > 0 { continue }
                if let socket = try? RawLineSocket(address: address) {
                    socket.send(#"{"type":"hello","name":"churn\#(tag)x\#(made)"}"#)
                    _ = try? socket.readLine { $0.contains(#""type":"welcome""#) }
                    socket.close()
                }
                made += 1
            }
            done.leave()
        }.start()
    }

    /// Stops the churn and waits for its thread.
    func stop() {
        stopped.set()
        done.wait()
    }
}
