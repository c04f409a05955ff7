import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

/// A data directory written by the server at commit 3e3ff92 (`Tests/Fixtures`), stopped while
/// a table of every kind waited for a person, restores under today's code: every session
/// resumes, each table comes back with the settings its `create` asked for and at the
/// position its people last saw, and play goes on. Later changes to how a game's settings,
/// moves or snapshot are carried must keep this passing.
@Suite("A data directory written at 3e3ff92 restores")
struct FixtureData3e3ff92RestoreTests {
    /// The tokens the fixture's sessions were given (the journal holds only their hashes).
    static let tokens = [
        "ann": "fqp7-ca86-da1m-snqa", "bob": "1y94-pfwv-x9kh-7qgb", "cy": "5jk4-0g30-9cd4-2mw0",
        "dee": "xh2p-j4jp-792y-g8bp", "eve": "ce5z-0d97-kzxm-8ses", "fay": "fnd1-e3r4-h6gb-92qs",
        "gus": "8why-r4d7-93a1-yce4", "hal": "9era-sm2k-e9j8-f41a", "ivy": "xr8t-h3w5-e3h6-qtnn",
    ]

    /// `name` resumed at a server on `directory`, a copy of the fixture.
    static func resume(_ name: String, at server: TestServer) throws -> (Welcome, TestPlayer) {
        try FixtureDataRestoreTests.resume(name, at: server, tokens: tokens)
    }

    @Test("every session resumes at its table and seat, and the tables keep their settings")
    func sessionsAndSettings() throws {
        let directory = try Fixtures.copy(of: Fixtures.data3e3ff92)
        defer { directory.remove() }
        let server = try FixtureDataRestoreTests.server(on: directory)
        let places: [String: (table: Int, seat: Int?)?] = [
            "ann": (6, 0), "bob": (7, 0), "cy": (8, 0), "dee": (9, 0), "eve": (10, 0),
            "fay": (10, 1), "gus": (6, nil), "hal": nil, "ivy": nil,
        ]
        var connected: [TestPlayer] = []
        defer { for player in connected { player.close() } }
        for (name, place) in places.sorted(by: { $0.key < $1.key }) {
            let (welcome, player) = try Self.resume(name, at: server)
            connected.append(player)
            #expect(welcome.resumed, "\(name) did not resume")
            #expect(welcome.table == place?.table, "\(name)'s table")
            #expect(welcome.seat == place?.seat, "\(name)'s seat")
        }
        guard
            case .tables(let list) = try connected[0].request(
                #"{"type":"list","limit":20}"#, expect: "tables"
            ).event
        else {
            throw TestFailure("no list")
        }
        let tables = list.tables
        #expect(tables.map(\.id) == [6, 7, 8, 9, 10])
        #expect(tables.map(\.kind) == [.bigtwo, .ecard, .tictactoe, .memory, .roulette])
        #expect(tables.map(\.gamesPlayed) == [1, 1, 1, 1, 1])
        #expect(tables.map(\.totals) == [[-3, -4, 12, -5], [2, -2], [-1, 1], [1, 3], [-1, -1]])
        #expect(tables.map(\.bots) == ["random", "smart", "greedy", "smart", "smart"])
        #expect(tables[0].rules == "taiwan" && tables[0].options == BigTwoOptions.taiwan)
        #expect(
            tables[1].ecard
                == ECardOptions(
                    handsPerMatch: 2, swapInterval: 3, slavePayout: 10, emperorPayout: 1))
        #expect(tables[2].first == "x")
        #expect(tables[3].pairs == 4 && tables[3].seats.count == 2)
        #expect(tables[4].segments == 6 && tables[4].maxStake == 10 && tables[4].seats.count == 2)
    }

    @Test("the Big Two deal and the E-Card match come back mid-play and go on")
    func cardGames() throws {
        let directory = try Fixtures.copy(of: Fixtures.data3e3ff92)
        defer { directory.remove() }
        let server = try FixtureDataRestoreTests.server(on: directory)
        let (_, ann) = try Self.resume("ann", at: server)
        let snapshot = try ann.state()
        let deal = try #require(snapshot.deal)
        let commitment = "a922029a57162c20ed9b9636c4c2a7002e8591cc62bf9849249929a7ff75a3fe"
        #expect(deal.deal == 2 && deal.commitment == commitment)
        #expect(deal.currentSeat == 0 && deal.cardCounts == [11, 13, 11, 11])
        #expect(deal.played.map(\.notation) == ["3C", "9S", "JD", "QS", "KD", "AH"])
        #expect(
            snapshot.hand?.map(\.notation) == [
                "3D", "4H", "5D", "6H", "8S", "9C", "TC", "TH", "JC", "KS", "AD",
            ])
        let end = try ann.playDeal()
        #expect(try #require(DealSeed(hex: end.seed)).commitment == commitment)

        let (_, bob) = try Self.resume("bob", at: server)
        let match = try #require(try bob.state().ecard)
        #expect(match.hand == 1 && match.play == 1 && match.seatToLay == 0)
        #expect(match.cards == ["emperor", "citizen", "citizen", "citizen", "citizen"])
        try bob.request(#"{"type":"lay","card":"citizen"}"#, expect: "ecard_laid")
    }

    @Test("the tic-tac-toe round, the memory game and the roulette round come back and go on")
    func smallGames() throws {
        let directory = try Fixtures.copy(of: Fixtures.data3e3ff92)
        defer { directory.remove() }
        let server = try FixtureDataRestoreTests.server(on: directory)
        let (_, cy) = try Self.resume("cy", at: server)
        let round = try #require(try cy.state().tictactoe)
        #expect(round.round == 2 && !round.roundOver && round.board == "oo..xx...")
        #expect(round.seatToMove == 0 && round.score == [0, 1])
        try cy.request("mark 3", expect: "tictactoe_mark")

        let (_, dee) = try Self.resume("dee", at: server)
        let game = try #require(try dee.state().memory)
        #expect(game.game == 2 && game.pairs == 4 && game.seatToFlip == 0)
        #expect(
            game.commitment == "0913994fb7229a24d6835f179ceb7328faff41a603d2bdde494ac27b9140c90b")
        #expect(game.board == "D......." && game.scores == [0, 0])

        let (_, eve) = try Self.resume("eve", at: server)
        let (_, fay) = try Self.resume("fay", at: server)
        let wheel = try #require(try fay.state().roulette)
        let commitment = "e3fd0ef6cef2c409030f15a587356e9543f0c5fc5b58d0a817d64c7f5c8f4e68"
        #expect(wheel.round == 2 && wheel.segments == 6 && wheel.maxStake == 10)
        #expect(wheel.commitment == commitment && wheel.seatToBet == 1)
        #expect(wheel.bets == [[RouletteStake(segment: 6, chips: 1)], []])
        try fay.send("bet 2 on 4")
        guard case .rouletteSpin(let spin) = try eve.waitFor("roulette_spin").event else {
            throw TestFailure("no spin")
        }
        let seed = try #require(DealSeed(hex: spin.seed))
        #expect(
            RouletteWheel.verify(
                seed: seed, commitment: commitment, segments: 6, result: spin.result)
                == .valid)
    }
}
