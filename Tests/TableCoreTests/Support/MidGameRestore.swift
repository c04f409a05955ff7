import Testing

@testable import TableCore

/// A table restored from a checkpoint cut during a game, set going beside the original it
/// was cut from, and the two compared once both have played to the end.
extension CoreHarness {
    /// Takes up the original's clock and the restored core's timers and awaited bot
    /// decisions, which must be the original's; the original forgets what it sent so far.
    mutating func resume(beside original: inout CoreHarness<Game>) {
        #expect(core.makeInfo() == original.core.makeInfo())
        #expect(core.deadline == original.core.deadline)
        #expect(core.timerDeadlines == original.timers)
        now = original.now
        timers = core.timerDeadlines
        jobs = core.awaitedBotJobs
        #expect(jobs.map(\.ticket) == original.jobs.map(\.ticket))
        #expect(jobs.map(\.timedOut) == original.jobs.map(\.timedOut))
        original.clearReceived()
        original.stored = []
        original.infos = []
    }

    /// True when this table and `original` finished, stored the same records, sent the same
    /// messages (the watcher `watcher` some) and published the same descriptions.
    func expectPlayedAlike(_ original: CoreHarness<Game>, watcher: SessionID) {
        #expect(original.finished && finished)
        #expect(!original.stored.isEmpty)
        #expect(stored == original.stored)
        #expect(!(original.received[watcher] ?? []).isEmpty)
        #expect(received == original.received)
        #expect(infos == original.infos)
    }
}
