import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// A `flip` naming two cards is two flips in order: each card's `memory_flip` tells only what
/// that card did, and a game whose last pair comes from one request ends once.
@Suite struct MemoryTwoCardFlipTests {
    /// A one-seat table of two pairs and two games, ann seated and the first game begun;
    /// returns it with the positions of the two pairs.
    private func started() -> (CoreHarness<MemoryGame>, [[Int]]) {
        var table = CoreHarness<MemoryGame>(
            setup: Tables.setup(turnSeconds: 0, games: 2),
            settings: MemoryOptions(pairs: 2, seats: 1))
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        let seed = table.core.game.seed!
        let layout = MemoryDealer.layout(seed: seed, pairs: 2)
        let pairs = (0..<2).map { face in layout.indices.filter { layout[$0] == face } }
        return (table, pairs)
    }

    /// The issue's game: a miss, a pair one card at a time, then the last pair in one request.
    private func playToTheEnd() -> CoreHarness<MemoryGame> {
        var (table, pairs) = started()
        table.request(People.ann, .move(.flip([pairs[0][0], pairs[1][0]])))
        table.request(People.ann, .move(.flip([pairs[0][0]])))
        table.request(People.ann, .move(.flip([pairs[0][1]])))
        table.clearReceived()
        table.request(People.ann, .move(.flip(pairs[1])))
        table.settle()
        return table
    }

    @Test("the last pair found in one request ends the game once")
    func lastPairInOneRequestCountsOnce() throws {
        let table = playToTheEnd()
        let events = table.events(of: People.ann)
        let ends = events.compactMap { event -> MemoryEndNotice? in
            if case .memoryEnd(let end) = event { return end }
            return nil
        }
        #expect(ends.count == 1)
        #expect(ends.first?.scores == [2])
        #expect(ends.first?.totals == [2])
        #expect(table.stored.count == 1)
        #expect(table.core.game.gamesPlayed == 1)
        // The table's second game begins.
        #expect(events.contains { if case .memoryStart(let start) = $0 { start.game == 2 } else { false } })
    }

    @Test("the first card of two says nothing of the second")
    func firstCardOfTwoCarriesNoScore() throws {
        let table = playToTheEnd()
        let flips = table.events(of: People.ann).compactMap { event -> MemoryFlipNotice? in
            if case .memoryFlip(let flip) = event { return flip }
            return nil
        }
        #expect(flips.map(\.scores) == [[1], [2]])
        #expect(flips.map(\.result) == [nil, "pair"])
    }

    @Test("a flip naming one card twice is refused as duplicate_cards")
    func oneCardTwice() throws {
        var (table, pairs) = started()
        table.clearReceived()
        table.request(People.ann, .move(.flip([pairs[0][0], pairs[0][0]])), id: 9)
        let reply = try #require(table.received[People.ann]?.first)
        guard case .error(let error) = reply.event else {
            Issue.record("expected an error, got \(reply.event.type)")
            return
        }
        #expect(error.code == .duplicateCards)
        #expect(table.core.game.match?.flips == 0)
    }
}
