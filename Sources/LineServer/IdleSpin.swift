/// How long an ``EventPoller`` keeps polling without sleeping once it runs out of work.
///
/// Going to sleep in epoll and being woken costs two thread switches, which under a steady
/// stream of small requests is most of what a reply costs and most of its latency. So an
/// idle poller first polls again a number of times, yielding the processor in between, and
/// sleeps only when those polls found nothing. The number adapts: it doubles (up to
/// ``limit``) each time a spin ends in new work, and halves (down to 2) each time one runs
/// out, so that a server whose requests come too far apart to be caught that way soon
/// stops spending time on it. A poller with no work at all sleeps after one such run, so an
/// idle server costs nothing.
struct IdleSpin {
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

    /// True when the next poll is a repeated one, after which the processor is yielded.
    var yieldsFirst: Bool { polls > 0 && spinning }

    /// Records an idle poll (one made without work in hand) and whether it found work. A
    /// poll past the budget is the sleep, whose waking says nothing about spinning; nor does
    /// a spell's first poll, made before any yield.
    mutating func polled(foundWork: Bool) {
        let spun = polls > 0 && polls < budget
        guard !foundWork else {
            if spun { budget = min(budget * 2, limit) }
            polls = 0
            return
        }
        polls += 1
        if polls == budget { budget = max(budget / 2, min(2, limit)) }
    }

    /// The poller had work in hand: the next idle poll starts a new spin.
    mutating func busy() {
        polls = 0
    }
}
