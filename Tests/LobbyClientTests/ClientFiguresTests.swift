import LobbyClient
import Testing

@Suite struct ClientFiguresTests {
    @Test func figuresAreTheDifferenceBetweenTwoReadings() {
        let start = ProcessClock(userSeconds: 1.5, systemSeconds: 0.25)
        let end = ProcessClock(userSeconds: 3.5, systemSeconds: 1.25)
        let figures = ClientFigures(from: start, to: end, deals: 500, messages: 40_000)
        #expect(figures.userMs == 2_000)
        #expect(figures.systemMs == 1_000)
        #expect(figures.cpuMs == 3_000)
        #expect(figures.cpuMsPerDeal == 6)
        #expect(figures.cpuUsPerMessage == 75)
    }

    @Test func noDealsOrMessagesGiveZeroRates() {
        let clock = ProcessClock(userSeconds: 1, systemSeconds: 1)
        let figures = ClientFigures(from: clock, to: clock, deals: 0, messages: 0)
        #expect(figures.cpuMsPerDeal == 0 && figures.cpuUsPerMessage == 0)
    }

    @Test func theProcessClockMovesForward() {
        let start = ProcessClock.now()
        var sum = 0
        for value in 0..<3_000_000 { sum &+= value &* value }
        let end = ProcessClock.now()
        #expect(sum != 0)
        #expect(end.userSeconds + end.systemSeconds > start.userSeconds + start.systemSeconds)
    }
}
