import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

/// A data directory written by the server at commit e6808bc (`Tests/Fixtures`) restores under
/// today's code: every table of every kind comes back at the position its people last saw,
/// every session resumes with its token, forgotten ones stay forgotten, and play goes on.
/// Later changes to the journal's or the log's format must keep this passing.
@Suite("A data directory written at e6808bc restores")
struct FixtureDataRestoreTests {
    /// The tokens the fixture's sessions were given (the journal holds only their hashes).
    static let tokens = [
        "ann": "bc802fd9ad87cb936684e18a8c777f925795a6566d9120c59563b67053b5daae",
        "bob": "f84d631c90d3519f9e67ab4824ee77e1b80c0a078ea43093aac3a641501a3fff",
        "cy": "6b11dcd72956e0d644d13ca8fdc04ca86214114440485bf5913e622e43a04376",
        "dan": "360217766c23fada98b3cdafbe4b2a3b1d6a63a6e22496d3256195362667ef02",
        "dee": "029a3d2c739ad93fda808f2902aa0f534a3ef649e942f06864c775d487a2c694",
        "eve": "87cb22b02b613ab774d3b51053271430d7b164e4fa4a3df7fa8c8aec0c6f650b",
        "fay": "4459c4394dede83dbb3015c2932a01613972cc7fe6ad34accd8b45eaa3f1d256",
        "gus": "7966c14e9dcc71d2205b5ebd004162297f3641a65fe5466f79bc543cb23a65bd",
        "hal": "1cb5566e774960c29eb5aff57977733dcd897a894334dae8762f8d98eb346674",
        "ivy": "b3e9434389665eea2d53817e193b2df9e9d2be7592b3f13d622f3654351506da",
    ]
    /// Sessions the fixture's server forgot: kim before its restart, jay and lee after.
    static let forgottenTokens = [
        "kim": "e2ac83b9ecde6e2642816acb83ddd2ea8217f726d69cea66246aa032f10afb36",
        "jay": "d82e19db2b99054abf89a2c09921fa95fe4fb8ea3e462d0e3e9e3ca45c04021a",
        "lee": "15bdd695ab554ac9080787e170626fd844c96fc5d58f49b610b74223ad5456a8",
    ]

    /// A server on a copy of the fixture, with the settings the fixture was written under
    /// (no bot delay, no pause, no turn time) and another master seed, so that no seed it
    /// draws was drawn before.
    static func server(on directory: TemporaryDirectory) throws -> TestServer {
        try TestServer(
            seed: 2028, recorder: try GameLog(directory: directory.url),
            journal: try TableJournal(directory: directory.url.path))
    }

    /// `name` resumed with its token in `tokens`: the `welcome`, and the player, who has read the snapshot
    /// that follows it at a table.
    static func resume(
        _ name: String, at server: TestServer, tokens: [String: String] = tokens
    ) throws -> (Welcome, TestPlayer) {
        let player = try server.connect()
        let reply = try player.request(
            jsonHello(name, token: tokens[name]), expect: "welcome")
        guard case .welcome(let welcome) = reply.event else { throw TestFailure("welcome") }
        player.token = welcome.token
        player.seat = welcome.seat
        if welcome.table != nil { try player.waitFor("state") }
        return (welcome, player)
    }

    @Test("every session resumes at its table and seat; forgotten ones stay forgotten")
    func sessions() throws {
        let directory = try Fixtures.copy(of: Fixtures.dataE6808bc)
        defer { directory.remove() }
        let server = try Self.server(on: directory)
        let seats: [String: (table: Int, seat: Int)?] = [
            "ann": (7, 0), "bob": (8, 0), "cy": (9, 0), "dan": (9, 1), "dee": (10, 0),
            "eve": (11, 0), "fay": (11, 1), "hal": nil, "ivy": nil,
        ]
        // Everyone stays connected: a table whose people have all gone plays on with bots.
        var connected: [TestPlayer] = []
        defer { for player in connected { player.close() } }
        for (name, place) in seats.sorted(by: { $0.key < $1.key }) {
            let (welcome, player) = try Self.resume(name, at: server)
            connected.append(player)
            #expect(welcome.resumed, "\(name) did not resume")
            #expect(welcome.name == name)
            #expect(welcome.table == place?.table, "\(name)'s table")
            #expect(welcome.seat == place?.seat, "\(name)'s seat")
        }
        let (gus, _) = try Self.resume("gus", at: server)
        #expect(gus.resumed && gus.seat == nil)
        for (name, token) in Self.forgottenTokens.sorted(by: { $0.key < $1.key }) {
            let player = try server.connect()
            #expect(
                try player.errorCode(for: jsonHello(name, token: token)) == .invalidToken,
                "\(name) was forgotten")
        }
        let eve = try server.login("eve2")
        guard
            case .tables(let list) = try eve.request(
                #"{"type":"list","limit":20}"#, expect: "tables"
            ).event
        else {
            throw TestFailure("no list")
        }
        #expect(list.tables.map(\.id) == [7, 8, 9, 10, 11])
        #expect(list.tables.map(\.kind) == [.bigtwo, .ecard, .tictactoe, .memory, .roulette])
        #expect(list.tables.map(\.name) == ["ann", "bob", "cy", "dee", "eve"])
        #expect(list.tables.map(\.gamesPlayed) == [1, 1, 1, 1, 1])
        // Totals follow protocol.md's rule for them, not what e6808bc showed: there the
        // tic-tac-toe table's loser had 0; since its totals are the records' scores, -1.
        #expect(
            list.tables.map(\.totals) == [[-2, -3, -6, 11], [2, -2], [1, -1], [2, 2], [2, 2]])
    }

    @Test("a Big Two deal comes back mid-play with its hand, and finishes under its commitment")
    func bigTwo() throws {
        let directory = try Fixtures.copy(of: Fixtures.dataE6808bc)
        defer { directory.remove() }
        let server = try Self.server(on: directory)
        let (_, ann) = try Self.resume("ann", at: server)
        let snapshot = try ann.state()
        let deal = try #require(snapshot.deal)
        #expect(deal.deal == 2)
        #expect(
            deal.commitment == "54cc2c01d63e4bc602a3ed8e2bb762bb924c02c975ae49419f5166560ca87c2e")
        #expect(deal.currentSeat == 0 && !deal.leading)
        #expect(deal.cardCounts == [9, 13, 13, 7])
        #expect(deal.passed == [1, 2])
        #expect(
            deal.played.map(\.notation) == [
                "3D", "3C", "4D", "4H", "5H", "5S", "6C", "6H", "8H", "8S",
            ])
        #expect(deal.tablePlay?.map(\.notation) == ["8H", "8S"] && deal.tableSeat == 3)
        #expect(
            snapshot.hand?.map(\.notation) == [
                "5C", "7S", "8D", "TC", "JD", "QS", "KH", "AD", "2C",
            ])
        #expect(snapshot.table.totals == [-2, -3, -6, 11])

        // The resumed turn is announced again after the snapshot; ann plays from there.
        let end = try ann.playDeal()
        #expect(end.deal == 2)
        let seed = try #require(DealSeed(hex: end.seed))
        #expect(seed.commitment == deal.commitment)
        guard case .history(let history) = try ann.request("history ann", expect: "history").event
        else { throw TestFailure("no history") }
        let recorded = try #require(history.deals.first)
        #expect(recorded.record == 21 && recorded.commitment == deal.commitment)
        #expect(history.deals.map(\.record) == [21, 14])
    }

    @Test("an E-Card match, a tic-tac-toe round and a memory game come back where they were")
    func smallGames() throws {
        let directory = try Fixtures.copy(of: Fixtures.dataE6808bc)
        defer { directory.remove() }
        let server = try Self.server(on: directory)

        let (_, bob) = try Self.resume("bob", at: server)
        let match = try #require(try bob.state().ecard)
        #expect(match.hand == 1 && match.play == 1 && match.seatToLay == 0)
        #expect(match.emperorSeat == 0 && match.laid.isEmpty && match.cardCounts == [5, 5])
        #expect(match.cards == ["emperor", "citizen", "citizen", "citizen", "citizen"])

        let (_, cy) = try Self.resume("cy", at: server)
        let (_, dan) = try Self.resume("dan", at: server)
        for player in [cy, dan] {
            let round = try #require(try player.state().tictactoe)
            #expect(round.round == 2 && !round.roundOver)
            #expect(round.board == "xox......" && round.first == "x")
            #expect(round.seatToMove == 0 && round.score == [1, 0])
        }
        try cy.request("mark 5", expect: "tictactoe_mark")
        #expect(try dan.state().tictactoe?.board == "xox.o....")

        let (_, dee) = try Self.resume("dee", at: server)
        let game = try #require(try dee.state().memory)
        #expect(game.game == 2 && game.pairs == 4 && game.seatToFlip == 0)
        #expect(
            game.commitment == "d4fca3e8dd20a340a69067dc8b5aaae089cd55713aa5d28c6681eca3bd8f3a6f")
        #expect(game.board == "A......." && game.first == 1 && game.scores == [0, 0])
    }

    @Test("a roulette round comes back with its bets and spins under its commitment")
    func roulette() throws {
        let directory = try Fixtures.copy(of: Fixtures.dataE6808bc)
        defer { directory.remove() }
        let server = try Self.server(on: directory)
        let (_, eve) = try Self.resume("eve", at: server)
        let (_, fay) = try Self.resume("fay", at: server)
        let round = try #require(try fay.state().roulette)
        let commitment = "8df40cbcb87d0d31f265b7c5bef3668d20d1295348ce8bdd42195b9500a09f78"
        #expect(round.round == 2 && round.segments == 6 && round.maxStake == 10)
        #expect(round.commitment == commitment)
        #expect(round.seatToBet == 1 && round.totals == [2, 2])
        #expect(
            round.bets == [
                [RouletteStake(segment: 2, chips: 3), RouletteStake(segment: 5, chips: 1)], [],
            ])
        try fay.send("bet 2 on 4")
        guard case .rouletteSpin(let spin) = try eve.waitFor("roulette_spin").event else {
            throw TestFailure("no spin")
        }
        let seed = try #require(DealSeed(hex: spin.seed))
        #expect(spin.round == 2 && spin.commitment == commitment)
        #expect(
            RouletteWheel.verify(
                seed: seed, commitment: commitment, segments: 6, result: spin.result)
                == .valid)
    }
}
