import Glibc
import Testing

@testable import LineServer

@Suite struct IdleSpinTests {
    /// Idle polls until the policy says sleep; `found` says at which poll work turns up (nil:
    /// never, so the poller goes to sleep and work wakes it).
    private func idleSpell(_ spin: inout IdleSpin, workAtPoll found: Int?) -> Int {
        var polls = 0
        while spin.spinning {
            polls += 1
            if polls == found {
                spin.polled(foundWork: true)
                return polls
            }
            spin.polled(foundWork: false)
        }
        spin.polled(foundWork: true)
        return polls
    }

    /// A policy of limit 200 whose budget idle spells have shrunk to 2.
    private func shrunkSpin() -> IdleSpin {
        var spin = IdleSpin(limit: 200)
        for _ in 0..<9 { _ = idleSpell(&spin, workAtPoll: nil) }
        return spin
    }

    @Test func neverSpinsWithoutALimit() {
        var spin = IdleSpin(limit: 0)
        #expect(!spin.spinning)
        #expect(idleSpell(&spin, workAtPoll: nil) == 0)
        #expect(spin.budget == 0)
    }

    @Test func spinsLessAfterSpellsThatFindNothing() {
        var spin = IdleSpin(limit: 200)
        var budgets: [Int] = []
        for _ in 0..<9 {
            #expect(idleSpell(&spin, workAtPoll: nil) == budgets.last ?? 200)
            budgets.append(spin.budget)
        }
        #expect(budgets == [100, 50, 25, 12, 6, 3, 2, 2, 2])
    }

    @Test func spinsMoreAgainOnceSpinningPaysOff() {
        var spin = shrunkSpin()
        #expect(spin.budget == 2)
        // Work that turns up on the first poll of a spell says nothing about spinning.
        #expect(idleSpell(&spin, workAtPoll: 1) == 1)
        #expect(spin.budget == 2)
        var budgets: [Int] = []
        for _ in 0..<9 {
            spin.busy()
            #expect(idleSpell(&spin, workAtPoll: 2) == 2)
            budgets.append(spin.budget)
        }
        #expect(budgets == [4, 8, 16, 32, 64, 128, 200, 200, 200])
    }

    @Test func spinsMoreAfterASleepThatEndedSoon() {
        var spin = shrunkSpin()
        #expect(spin.budget == 2)
        // Work came 30 µs into the sleep, too late for 2 polls: the next spells poll longer,
        // until work comes while they spin.
        var budgets: [Int] = []
        for _ in 0..<8 {
            spin.slept(nanoseconds: 30_000)
            budgets.append(spin.budget)
        }
        #expect(budgets == [4, 8, 16, 32, 64, 128, 200, 200])
        // A long sleep says nothing.
        spin.slept(nanoseconds: IdleSpin.shortSleep)
        #expect(spin.budget == 200)
    }

    @Test func aPollKeptWaitingForTheProcessorEndsTheSpin() {
        var spin = IdleSpin(limit: 200)
        spin.polled(foundWork: false)
        spin.polled(foundWork: false, nanoseconds: 500)
        #expect(spin.spinning)
        spin.polled(foundWork: false, nanoseconds: IdleSpin.slowPoll)
        #expect(!spin.spinning)
        #expect(spin.budget == 100)
        // Work found by a slow poll says the processor is in demand: no longer spin.
        spin.polled(foundWork: true)
        spin.busy()
        spin.polled(foundWork: false)
        spin.polled(foundWork: true, nanoseconds: IdleSpin.slowPoll)
        #expect(spin.budget == 50)
        spin.polled(foundWork: false)
        spin.polled(foundWork: true, nanoseconds: 500)
        #expect(spin.budget == 100)
    }

    @Test func aSleepTeachesNothingWithoutALimit() {
        var spin = IdleSpin(limit: 0)
        spin.slept(nanoseconds: 1)
        #expect(spin.budget == 0)
        #expect(!spin.spinning)
    }

    /// A server whose poller spins answers every line, whether a line finds the poller
    /// spinning or, after an idle spell, asleep.
    @Test func aSpinningPollerAnswersEveryLine() throws {
        let echo = try EchoServer { configuration in
            configuration.queues = QueueGroup(roots: 1, label: "test.spin")
            configuration.pollSpinLimit = 200
        }
        let client = try echo.connect()
        var wrong: [String] = []
        for index in 0..<2_000 {
            // Now and then stay quiet long enough for the poller to go to sleep.
            if index % 200 == 199 { usleep(2_000) }
            try client.send("line \(index)")
            let answer = try client.readLine()
            if answer != "line \(index)" { wrong.append("\(index): \(answer ?? "end")") }
        }
        #expect(wrong.isEmpty)
        client.close()
        echo.stop()
    }
}
