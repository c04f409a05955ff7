/// How long an ``EventPoller`` keeps polling without sleeping once it runs out of work.
///
/// Going to sleep in epoll and being woken costs two thread switches, which, for a client
/// that sends its next request as soon as it has the answer, is most of what a reply costs
/// and most of its latency. So an idle poller first polls again a number of times, and sleeps
/// only when those polls found nothing.
///
/// Spinning pays only while few clients are in flight: a poller that found several sockets
/// ready at its last wake-up has work coming anyway, and its spinning would take processor
/// time from the clients and tables that make it. So the poller spins only after a light
/// wake-up, one that brought one socket's report and no work from other threads (the
/// caller's rule).
///
/// The polls do not yield the processor: on a processor other threads wait for, a yield
/// hands it to them, and the poller, queued behind them, answers later than a sleeping
/// poller that the scheduler wakes ahead of them. For the same reason a spin ends as soon as
/// one of its polls took long, which says the poller was made to wait for the processor
/// (``polled(foundWork:nanoseconds:)``): a processor in demand is better left to others.
///
/// The number of polls adapts: it doubles (up to ``limit``) each time a spin ends in new work
/// or a sleep ends soon after it began (a longer spin would have caught that work), and halves
/// (down to 2) each time a spin runs out, so that a server whose requests come too far apart
/// to be caught that way soon stops spending time on it. A poller with no work at all sleeps
/// after one such run, so an idle server costs nothing.
struct IdleSpin {
    /// A sleep shorter than this (nanoseconds) counts as ended soon after it began.
    static let shortSleep: UInt64 = 100_000
    /// A poll that took longer than this (nanoseconds) was kept waiting for the processor.
    static let slowPoll: UInt64 = 20_000

    /// The most polls one spin makes.
    let limit: Int
    /// The polls the next spin may make.
    private(set) var budget: Int
    /// The polls made since the poller last had work.
    private var polls = 0

    /// A policy spinning at most `limit` polls (0: never spin).
    init(limit: Int) {
        self.limit = max(limit, 0)
        budget = self.limit
    }

    /// True while the idle poller should poll again rather than sleep.
    var spinning: Bool { polls < budget }

    /// Records an idle poll (one made without work in hand), whether it found work and, for
    /// one that did not sleep, how long it took. A poll past the budget is the sleep, whose
    /// waking says nothing about spinning (see ``slept(nanoseconds:)``); nor does a spell's
    /// first poll, made at once. A slow poll ends the spin and halves the next.
    mutating func polled(foundWork: Bool, nanoseconds: UInt64 = 0) {
        let spun = polls > 0 && polls < budget
        guard !foundWork else {
            if spun && nanoseconds < Self.slowPoll { grow() }
            if nanoseconds >= Self.slowPoll { shrink() }
            polls = 0
            return
        }
        polls += 1
        if nanoseconds >= Self.slowPoll, polls < budget { polls = budget }
        if polls == budget { shrink() }
    }

    /// Records how long the poller slept after its spin ran out: work that came soon after
    /// would have been caught by a longer spin.
    mutating func slept(nanoseconds: UInt64) {
        if nanoseconds < Self.shortSleep { grow() }
    }

    /// The poller had work in hand: the next idle poll starts a new spin.
    mutating func busy() {
        polls = 0
    }

    private mutating func grow() {
        budget = min(max(budget * 2, 2), limit)
    }

    private mutating func shrink() {
        budget = max(budget / 2, min(2, limit))
    }
}
