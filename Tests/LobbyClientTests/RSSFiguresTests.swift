import Testing

@testable import LobbyClient

/// The long soak's summary of the server's resident set: flat is about zero growth over the
/// run's second half, whatever the first half did.
@Suite struct RSSFiguresTests {
    static let megabyte = 1_048_576

    @Test("a resident set that levels off grows by nothing over the second half")
    func levelsOff() {
        let samples = [30, 40, 44, 44, 44].map { $0 * Self.megabyte }
        let figures = RSSFigures(samples: samples, everySeconds: 60)
        #expect(figures.samplesMb == [30, 40, 44, 44, 44])
        #expect(figures.growthMbPerMinute == 0)
    }

    @Test("one that keeps growing says by how much a minute")
    func keepsGrowing() {
        let samples = [30, 40, 50, 60, 70].map { $0 * Self.megabyte }
        let figures = RSSFigures(samples: samples, everySeconds: 30)
        #expect(figures.growthMbPerMinute == 20)
    }

    @Test("too few samples say nothing of growth")
    func tooFew() {
        #expect(RSSFigures(samples: [Self.megabyte], everySeconds: 60).growthMbPerMinute == nil)
    }
}
