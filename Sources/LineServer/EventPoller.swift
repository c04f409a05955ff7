import CEventPoll
import Foundation
import Glibc
import Synchronization

/// What a watched socket is ready for, as one report of an ``EventPoller``.
struct Readiness: Sendable, Equatable {
    /// Input (or its end, or an error) is waiting.
    var readable: Bool
    /// Room to write has appeared since the socket was last found full.
    var writable: Bool
    /// The peer hung up or an error is pending: reading must go on to the end of file.
    var hungUp: Bool
    /// Not a report of the kernel's: the poller is coming back to input that a read budget
    /// left unread.
    var resumingInput = false
    /// Not a report of the kernel's: the target asked through ``EventPoller/schedule(_:)``
    /// for a turn, to do what other threads asked of it.
    var scheduledWork = false

    /// The call the poller makes for a target that asked to finish reading later.
    static let unreadInput = Readiness(
        readable: true, writable: false, hungUp: false, resumingInput: true)

    /// The call the poller makes for a target that scheduled itself.
    static let scheduled = Readiness(
        readable: false, writable: false, hungUp: false, scheduledWork: true)
}

/// What an ``EventPoller`` reports a socket's readiness to.
protocol PollTarget: AnyObject, Sendable {
    /// Called on the poller's thread, for every report on the socket registered for this
    /// target. Returns true when input remains that a read budget left unread: the poller
    /// then calls again with ``Readiness/unreadInput`` once it has served every other socket
    /// that was ready.
    func socketReady(_ readiness: Readiness) -> Bool
}

/// A socket watched by an ``EventPoller``: the token its reports carry, and its descriptor.
struct PollRegistration: Sendable, Equatable {
    let token: UInt64
    let fd: Int32
}

/// One thread waiting on an epoll instance for the sockets registered with it, and running
/// each ready socket's work at once on that thread.
///
/// Sockets are registered once, edge-triggered for input, output and hang-up, and never
/// re-armed. Each registration gets a token never used before in the process; a report
/// carries the token and finds its target in a table the poller keeps, so a report that was
/// already fetched when its socket was removed (and its descriptor perhaps reused by a new
/// connection) finds nothing, or the old target, which ignores it.
///
/// Other threads hand a target work through ``schedule(_:)`` (a connection's opening and
/// sends): the poller runs it on its thread too, waking from epoll only if it was asleep, so
/// that the queues of its root are seldom busy when it needs them.
///
/// Out of work after a wake-up that brought one socket's report and no work from other
/// threads, a poller given a spin limit polls again a few times before it sleeps
/// (``IdleSpin``): for a client that sends its next request as soon as it has the answer,
/// that spares the two thread switches of every sleep and wake-up, at the price of processor
/// time other threads might have used.
///
/// Fairness: a target that stops reading at its budget asks to be called again; the poller
/// does so only after every other report of the same wait, and then waits without sleeping.
final class EventPoller: @unchecked Sendable {
    private struct Schedule {
        var targets: [any PollTarget] = []
        /// The poller waits in epoll for ever: a new target must wake it.
        var sleeping = false
    }

    private static let nextToken = Atomic<UInt64>(1)
    /// The token of the poller's own eventfd, which wakes it for scheduled work or to stop.
    private static let wakeToken: UInt64 = 0
    private static let batchCapacity = 256

    private let epollFD: Int32
    private let wakeFD: Int32
    private let stopping = Atomic<Bool>(false)
    private let spinLimit: Int
    /// Guards `table` and `schedule`. An `NSLock` rather than `Mutex`, as the thread sanitizer
    /// understands it.
    private let lock = NSLock()
    /// The target of every registered token.
    private var table: [UInt64: any PollTarget] = [:]
    private var schedule = Schedule()

    /// Creates the epoll instance and starts the thread, named `label`, that waits on it;
    /// once out of work it polls up to `spinLimit` more times before it sleeps (0: never).
    init(label: String, spinLimit: Int = 0) throws(TCPServerError) {
        self.spinLimit = spinLimit
        let epollFD = cep_create()
        guard epollFD >= 0 else { throw .socketCallFailed(call: "epoll_create1", errno: errno) }
        let wakeFD = cep_eventfd()
        guard wakeFD >= 0 else {
            let failure = errno
            Glibc.close(epollFD)
            throw .socketCallFailed(call: "eventfd", errno: failure)
        }
        guard cep_watch(epollFD, wakeFD, Self.wakeToken) == 0 else {
            let failure = errno
            Glibc.close(wakeFD)
            Glibc.close(epollFD)
            throw .socketCallFailed(call: "epoll_ctl", errno: failure)
        }
        self.epollFD = epollFD
        self.wakeFD = wakeFD
        let thread = Thread { self.run() }
        thread.name = label
        thread.start()
    }

    /// Starts watching `fd` for `target`, which the poller keeps until ``deregister(_:)``.
    func register(_ fd: Int32, for target: any PollTarget) throws(TCPServerError)
        -> PollRegistration
    {
        let registration = PollRegistration(
            token: Self.nextToken.wrappingAdd(1, ordering: .relaxed).oldValue, fd: fd)
        withLock { table[registration.token] = target }
        guard cep_watch(epollFD, fd, registration.token) == 0 else {
            let failure = errno
            withLock { table[registration.token] = nil }
            throw .socketCallFailed(call: "epoll_ctl", errno: failure)
        }
        return registration
    }

    /// Stops watching a socket and forgets its target. Call it before closing the descriptor.
    func deregister(_ registration: PollRegistration) {
        _ = cep_unwatch(epollFD, registration.fd)
        withLock { table[registration.token] = nil }
    }

    /// Makes the thread end once its current round is over; it then closes the epoll instance.
    func stop() {
        stopping.store(true, ordering: .releasing)
        wake()
    }

    /// Asks for a call of `target` with ``Readiness/scheduled`` in the poller's next round.
    /// Callable from any thread.
    func schedule(_ target: any PollTarget) {
        let sleeping = withLock {
            schedule.targets.append(target)
            defer { schedule.sleeping = false }
            return schedule.sleeping
        }
        if sleeping { wake() }
    }

    /// The targets scheduled since the last call. With `sleepIfNone`, when there are none
    /// the poller is marked asleep, so that the next ``schedule(_:)`` wakes it.
    private func takeScheduled(sleepIfNone: Bool) -> [any PollTarget] {
        withLock {
            schedule.sleeping = sleepIfNone && schedule.targets.isEmpty
            var taken: [any PollTarget] = []
            swap(&taken, &schedule.targets)
            return taken
        }
    }

    /// Ends the poller's wait. The eventfd is watched edge-triggered, so every write brings a
    /// report and it need not be read back (its counter cannot come near overflowing).
    private func wake() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, MemoryLayout<UInt64>.size)
    }

    /// The targets of `reports` still registered, each with its readiness, in report order.
    /// Reports for tokens no longer registered are dropped.
    func targets(of reports: some Sequence<(token: UInt64, readiness: Readiness)>)
        -> [(any PollTarget, Readiness)]
    {
        withLock {
            reports.compactMap { report in table[report.token].map { ($0, report.readiness) } }
        }
    }

    private func withLock<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func run() {
        let events = UnsafeMutableBufferPointer<cep_event>.allocate(
            capacity: Self.batchCapacity)
        defer {
            events.deallocate()
            Glibc.close(wakeFD)
            Glibc.close(epollFD)
        }
        var unfinished: [any PollTarget] = []
        var scheduled: [any PollTarget] = []
        var spin = IdleSpin(limit: spinLimit)
        // True after a wake-up that brought one socket's report and no work from other
        // threads: only then may the poller spin (see ``IdleSpin``).
        var light = false
        while !stopping.load(ordering: .acquiring) {
            let idle = unfinished.isEmpty
            let spinsNow = idle && light && spinLimit > 0
            if !spinsNow { spin.busy() }
            let spinning = spinsNow && spin.spinning
            scheduled = takeScheduled(sleepIfNone: idle && !spinning)
            let mayWait = idle && scheduled.isEmpty && !spinning
            let pollStart = spinsNow ? DispatchTime.now().uptimeNanoseconds : 0
            let count = cep_wait(
                epollFD, events.baseAddress, Int32(Self.batchCapacity), mayWait ? -1 : 0)
            guard count >= 0 else {
                precondition(errno == EINTR, "epoll_wait failed: errno \(errno)")
                continue
            }
            if spinsNow {
                let took = DispatchTime.now().uptimeNanoseconds - pollStart
                if mayWait {
                    spin.polled(foundWork: true)
                    spin.slept(nanoseconds: took)
                } else {
                    spin.polled(foundWork: count > 0 || !scheduled.isEmpty, nanoseconds: took)
                }
            }
            let reports = events[..<Int(count)].lazy
                .filter { $0.token != Self.wakeToken }
                .map { event in
                    (
                        token: event.token,
                        readiness: Readiness(
                            readable: event.readable != 0, writable: event.writable != 0,
                            hungUp: event.hungUp != 0)
                    )
                }
            let resumed = unfinished
            unfinished.removeAll(keepingCapacity: true)
            let ready = targets(of: reports)
            for (target, readiness) in ready where target.socketReady(readiness) {
                unfinished.append(target)
            }
            if mayWait { scheduled = takeScheduled(sleepIfNone: false) }
            for target in scheduled where target.socketReady(.scheduled) {
                unfinished.append(target)
            }
            if !ready.isEmpty || !scheduled.isEmpty {
                light = ready.count == 1 && scheduled.isEmpty
            }
            for target in resumed where target.socketReady(.unreadInput) {
                unfinished.append(target)
            }
        }
    }
}
