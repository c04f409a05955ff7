import CardGames
import Foundation
import LobbyProtocol
import Testing

/// The largest `tables` page the server can send: ``ListQuery/maximumLimit`` tables, each
/// with the longest name once escaped, eight seats with the longest player names, and
/// totals and settings as long as numbers get.
@Suite("Table list size")
struct TableListSizeTests {
    /// A client's output buffer on the server.
    static let outputBuffer = 262_144

    /// 32 quotes and 8 four-byte characters: 40 characters and 64 bytes, the most a table
    /// name may have, and 96 bytes once escaped.
    static let tableName = String(repeating: "\"", count: 32) + String(repeating: "𝄞", count: 8)
    /// 11 quotes and 13 four-byte characters: 24 characters and 63 bytes, 74 once escaped.
    static let playerName =
        String(repeating: "\"", count: 11) + String(repeating: "𝄞", count: 13)

    static func largestTable(id: Int, kind: TableKind, seats: Int) -> TableInfo {
        TableInfo(
            id: Int.max - id, kind: kind, name: tableName, status: .finished,
            seats: (0..<seats).map {
                SeatInfo(seat: $0, player: playerName, bot: false, connected: false)
            },
            rules: kind == .bigtwo ? "custom" : nil, options: kind == .bigtwo ? .standard : nil,
            ecard: kind == .ecard ? .standard : nil, bots: "expert", spectators: Int.max,
            turnSeconds: Int.max, games: Int.max, gamesPlayed: Int.max,
            totals: Array(repeating: Int.min, count: seats),
            segments: kind == .roulette ? Int.max : nil,
            maxStake: kind == .roulette ? Int.max : nil)
    }

    @Test("a full page of the largest tables uses under a third of the output buffer")
    func largestPageFits() throws {
        for (kind, seats) in [(TableKind.bigtwo, 4), (.roulette, 8)] {
            let tables = (0..<ListQuery.maximumLimit).map {
                Self.largestTable(id: $0, kind: kind, seats: seats)
            }
            let page = TableList(tables: tables, nextCursor: Int.max)
            let line = ServerMessageEncoder().line(.tables(page), id: .number(Int.max))
            #expect(line.count < Self.outputBuffer / 3, "\(kind): \(line.count) bytes")
            #expect(line.count > ListQuery.maximumLimit * 1_000)
        }
    }
}
