import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// The journal's lines, written without Foundation's encoder for the inputs of every move,
/// must read back exactly as the entries they record.
@Suite struct JournalLineTests {
    private static func readBack(_ entry: JournalEntry) throws -> JournalEntry {
        let line = try #require(entry.line())
        #expect(!line.contains(0x0A))
        return try JSONDecoder().decode(JournalEntry.self, from: line)
    }

    @Test func everyFieldOfAnInputReadsBack() throws {
        var entry = JournalEntry(.request, table: 12, at: 1_764_000_000_123)
        entry.session = 7
        entry.name = "Zoë \"the\" \\ back/slash\u{1}\t"
        entry.hash = String(repeating: "ab", count: 32)
        entry.request = "play"
        entry.seat = 3
        entry.reply = false
        entry.cards = [0, 51, 17]
        entry.card = "emperor"
        entry.timer = "release"
        entry.ticket = 42
        entry.number = -1
        entry.timedOut = true
        entry.seed = "00ff"
        entry.state = #"{"deals":[1,2],"name":"a\"b"}"#
        #expect(try Self.readBack(entry) == entry)
    }

    @Test(arguments: [
        JournalEntry(.end, table: 1, at: 5), JournalEntry(.finished, table: 2),
        JournalEntry(.forget), JournalEntry(.bot, table: 3, at: -9),
    ])
    func sparseEntriesReadBack(entry: JournalEntry) throws {
        #expect(try Self.readBack(entry) == entry)
    }

    @Test func emptyCardListsAndStringsReadBack() throws {
        var entry = JournalEntry(.request, table: 1, at: 0)
        entry.cards = []
        entry.name = ""
        #expect(try Self.readBack(entry) == entry)
    }

    @Test func entriesWithACreateRequestOrBetsReadBack() throws {
        var table = JournalEntry(.table, table: 4)
        table.create = CreateTable(kind: .roulette, name: "wheel", games: 3, seats: 2)
        table.name = "ann"
        #expect(try Self.readBack(table) == table)
        var bet = JournalEntry(.request, table: 4, at: 10)
        bet.request = "bet"
        bet.bets = [RouletteStake(segment: 2, chips: 5)]
        #expect(try Self.readBack(bet) == bet)
    }

    @Test func theLineWriterKnowsEveryField() {
        let fields = Mirror(reflecting: JournalEntry(.end)).children.compactMap(\.label)
        #expect(fields == JournalEntry.lineKeys)
    }
}
