import CardGames
import Foundation
import Testing
import WireJSON

@testable import LobbyProtocol

/// Each kind's game view travels as that kind's type inside `Snapshot`, written under its own
/// member of `state` and read back by whichever member is present.
@Suite struct SnapshotViewTests {
    static let table = TableInfo(
        id: 4, kind: .memory, name: "t", status: .playing, seats: [], rules: nil, options: nil,
        ecard: nil, bots: "smart", spectators: 0, turnSeconds: 0, games: nil, gamesPlayed: 0,
        totals: [0, 0])

    @Test func everyKindHasItsOwnMember() {
        let members = TableKind.allCases.map { $0.snapshotView.member }
        #expect(members == ["deal", "ecard", "tictactoe", "memory", "roulette"])
    }

    @Test func aViewIsWrittenUnderItsMemberAndReadBack() throws {
        let view = MemoryView(
            game: 2, pairs: 4, commitment: "c", board: "D.......", seatToFlip: 0, first: 1,
            scores: [0, 0])
        let snapshot = Snapshot(table: Self.table, seat: 0, game: view)
        let line = String(decoding: try WireEncoder().encode(snapshot), as: UTF8.self)
        #expect(line.hasPrefix(#"{"memory":{"board":"D.......","#))
        #expect(!line.contains("deal") && !line.contains("hand"))
        let read = try JSONValueDecoder().decode(
            Snapshot.self, from: JSONReader.read(Data(line.utf8)))
        #expect(read == snapshot && read.memory == view && read.roulette == nil)
        var cleared = read
        cleared.roulette = nil
        #expect(cleared.memory == view)
        cleared.memory = nil
        #expect(cleared.game == nil && cleared != snapshot)
    }
}
