import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// A snapshot asked for while a result waits for the game log shows nothing of that result
/// before it is announced: it leaves right after the announcement, so that it is the position
/// from which later events apply. One who arrives meanwhile (watching, resuming) gets no game
/// event before it; one already there hears the result first.
@Suite("Snapshots while a result is recorded")
struct SnapshotWhileRecordingTests {
    /// An all-bot E-Card table watched by eve, held where a play has decided a hand and its
    /// record waits for the game log.
    private static func eCardHoldingAResult() throws -> (CoreHarness<ECardGame>, Int) {
        var table = Tables.eCard(games: 5, allBots: true)
        table.request(People.ann, .startAllBots)
        table.request(People.eve, .watch(name: "eve"))
        table.autoRecord = false
        table.play([], step: 1_000) { !$0.heldRecords.isEmpty }
        let held = try #require(table.heldRecords.first)
        table.heldRecords = []
        table.clearReceived()
        return (table, held.ticket)
    }

    private static func types(_ events: [ServerEvent]) -> [String] { events.map(\.type) }

    @Test func aStateRequestedMeanwhileFollowsTheResult() throws {
        var (table, ticket) = try Self.eCardHoldingAResult()
        table.request(People.eve, .state, id: 5)
        #expect(Self.types(table.events(of: People.eve)) == [], "nothing before the result")

        table.feed(.recorded(ticket: ticket, stored: nil))
        let events = table.events(of: People.eve)
        let reveal = try #require(events.firstIndex { $0.type == "ecard_reveal" })
        let state = try #require(events.firstIndex { $0.type == "state" })
        #expect(reveal < state)
        guard case .ecardReveal(let shown) = events[reveal], case .state(let snapshot) = events[state]
        else { return }
        #expect(snapshot.ecard?.totals == shown.totals)
        #expect(table.received[People.eve]?[state].id == .number(5))
    }

    @Test func oneWhoArrivesMeanwhileGetsOnlyTheSnapshotThatCoversTheResult() throws {
        var (table, ticket) = try Self.eCardHoldingAResult()
        table.request(People.bob, .watch(name: "bob"))
        #expect(Self.types(table.events(of: People.bob)) == ["watching"])

        table.feed(.recorded(ticket: ticket, stored: nil))
        let events = table.events(of: People.bob)
        #expect(!events.contains { $0.type == "ecard_reveal" })
        let state = try #require(events.firstIndex { $0.type == "state" })
        // Nothing but the watching notice comes before the snapshot; the game goes on after it.
        #expect(events[..<state].allSatisfy { $0.type == "watching" || $0.type == "table" })
        guard case .state(let snapshot) = events[state], let view = snapshot.ecard else {
            Issue.record("no E-Card view in the snapshot")
            return
        }
        guard case .ecardReveal(let shown)? = table.events(of: People.eve).first(where: {
            $0.type == "ecard_reveal"
        })
        else {
            Issue.record("eve heard no result")
            return
        }
        #expect(view.totals == shown.totals)
        #expect(view.hand > shown.hand || view.play > shown.play)
    }

    @Test func aPersonWhoResumesMeanwhileCarriesOnFromTheSnapshot() throws {
        var table = Tables.eCard(games: 5)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        // The bot that plays for her meanwhile answers at once: the hand is decided as she
        // drops, and its record waits.
        table.autoRecord = false
        table.request(People.ann, .disconnected)
        table.play([], step: 1_000) { !$0.heldRecords.isEmpty }
        let held = try #require(table.heldRecords.first)
        table.heldRecords = []
        table.clearReceived()

        table.request(People.ann, .returned)
        #expect(!table.events(of: People.ann).contains { $0.type.hasPrefix("ecard") })
        #expect(!table.events(of: People.ann).contains { $0.type == "state" })
        table.feed(.recorded(ticket: held.ticket, stored: nil))
        let events = table.events(of: People.ann)
        let state = try #require(events.firstIndex { $0.type == "state" })
        #expect(!events[..<state].contains { $0.type.hasPrefix("ecard") })
        #expect(!events.contains { $0.type == "ecard_reveal" })
    }

    @Test func whileTheStorageFailsTheSnapshotLeavesAtOnce() throws {
        var (table, _) = try Self.eCardHoldingAResult()
        table.request(People.eve, .state, id: 6)
        #expect(!table.events(of: People.eve).contains { $0.type == "state" })
        table.feed(.storage(.failing(reason: "No space left on device")))
        #expect(table.events(of: People.eve).contains { $0.type == "state" })
        table.request(People.eve, .state, id: 7)
        #expect(table.events(of: People.eve).filter { $0.type == "state" }.count == 2)
    }

    /// The same at Big Two: the snapshot asked for as a deal ends comes after its `deal_end`,
    /// and shows its totals.
    @Test func aBigTwoStateFollowsTheDealEnd() throws {
        var table = Tables.bigTwo(games: 5, allBots: true)
        table.request(People.ann, .startAllBots)
        table.request(People.eve, .watch(name: "eve"))
        table.autoRecord = false
        table.play([], step: 1_000) { !$0.heldRecords.isEmpty }
        let held = try #require(table.heldRecords.first)
        table.heldRecords = []
        table.clearReceived()
        table.request(People.eve, .state, id: 8)
        #expect(!table.events(of: People.eve).contains { $0.type == "state" })
        table.feed(.recorded(ticket: held.ticket, stored: nil))
        let events = table.events(of: People.eve)
        let end = try #require(events.firstIndex { $0.type == "deal_end" })
        let state = try #require(events.firstIndex { $0.type == "state" })
        #expect(end < state)
        guard case .dealEnd(let result) = events[end], case .state(let snapshot) = events[state]
        else { return }
        #expect(snapshot.table.totals == result.totals)
    }
}
