import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

@Suite("Playing at tic-tac-toe tables")
struct TicTacToeTableTests {
    /// Plays `player`'s marks (the first empty cell of the latest board) until the round ends;
    /// returns the result and every board seen.
    static func playRound(_ player: TestPlayer, seat: Int) throws -> (
        result: TicTacToeResultNotice, boards: [String]
    ) {
        var board = String(repeating: ".", count: 9)
        var boards: [String] = []
        while true {
            let message = try player.next()
            switch message.event {
            case .tictactoeMark(let notice):
                board = notice.board
                boards.append(board)
            case .tictactoeTurn(let turn) where turn.seat == seat:
                let cell = try #require(board.firstIndex(of: "."))
                try player.send("mark \(board.distance(from: board.startIndex, to: cell) + 1)")
            case .tictactoeResult(let result):
                return (result, boards)
            case .error(let reply):
                throw TestFailure("\(reply.code): \(reply.message)")
            default:
                break
            }
        }
    }

    @Test("a person plays rounds against the perfect bot: never wins, rounds alternate, logged")
    func roundsAgainstThePerfectBot() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let log = try GameLog(directory: directory.url)
        let server = try TestServer(seed: 5, recorder: log)
        let ann = try server.login("ann")
        let created = try ann.request("create tictactoe first=x games=2", expect: "created")
        guard case .created(let notice) = created.event else { throw TestFailure("created") }
        #expect(notice.table.kind == .tictactoe && notice.table.seats.count == 2)
        let sam = try server.login("sam")
        try sam.request("watch 1", expect: "watching")
        try ann.send("start")
        guard case .tictactoeRound(let first) = try ann.waitFor("tictactoe_round").event else {
            throw TestFailure("round")
        }
        #expect(first.round == 1 && first.first == "x" && first.score == [0, 0])
        let one = try Self.playRound(ann, seat: 0)
        #expect(one.result.winner != 0)
        #expect(try ann.errorCode(for: "mark 5") == .roundOver)
        let snapshot = try ann.state()
        #expect(snapshot.tictactoe?.roundOver == true && snapshot.tictactoe?.first == "x")
        guard
            case .tictactoeRound(let second) = try ann.request("again", expect: "tictactoe_round")
                .event
        else { throw TestFailure("round 2") }
        #expect(second.round == 2 && second.first == "o")
        let two = try Self.playRound(ann, seat: 0)
        #expect(two.result.winner != 0)
        try ann.waitFor("match_end")

        let records = log.records
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0.kind == .tictactoe && $0.players[0] == "ann" })
        #expect(records.allSatisfy { $0.players[1] == "bot:perfect" })
        #expect(records.map { $0.moves.first?.seat } == [1, 0])
        for record in records {
            if case .failure(let error) = DealReplay.replay(record) {
                Issue.record("round \(record.deal) does not replay: \(error)")
            }
        }
        var watched: [String] = []
        while watched.count < one.boards.count + two.boards.count {
            if case .tictactoeMark(let mark) = try sam.next().event { watched.append(mark.board) }
        }
        #expect(watched == one.boards + two.boards)
        guard case .history(let history) = try ann.request("history ann", expect: "history").event
        else { throw TestFailure("history") }
        #expect(history.deals.count == 2 && history.deals.allSatisfy { $0.kind == .tictactoe })
        guard
            case .leaderboard(let board) = try ann.request(
                "leaderboard tictactoe", expect: "leaderboard"
            ).event
        else { throw TestFailure("leaderboard") }
        let row = try #require(board.players.first { $0.name == "ann" })
        #expect(board.kind == .tictactoe && row.deals == 2 && row.wins == 0)
        guard
            case .leaderboard(let bigTwo) = try ann.request("leaderboard", expect: "leaderboard")
                .event
        else { throw TestFailure("leaderboard") }
        #expect(bigTwo.players.isEmpty)
    }

    @Test("bad marks and requests of other kinds get clear errors and change nothing")
    func errors() throws {
        let server = try TestServer(seed: 6)
        let ann = try server.login("ann")
        #expect(try ann.errorCode(for: "create tictactoe first=z") == .invalidField)
        #expect(try ann.errorCode(for: "create bigtwo first=x") == .invalidField)
        #expect(try ann.errorCode(for: "create tictactoe taiwan") == .invalidField)
        try ann.request("create tictactoe first=o", expect: "created")
        #expect(try ann.errorCode(for: "mark 5") == .noDeal)
        let bob = try server.login("bob")
        try bob.request("join 1", expect: "joined")
        let cat = try server.login("cat")
        try cat.request("watch 1", expect: "watching")
        try ann.send("start")
        try ann.waitFor("tictactoe_turn")
        #expect(try bob.errorCode(for: "mark 5") == .notYourTurn)
        #expect(try ann.errorCode(for: "mark 10") == .invalidField)
        #expect(try ann.errorCode(for: "mark d1") == .invalidField)
        #expect(try ann.errorCode(for: "mark") == .missingField)
        #expect(try ann.errorCode(for: #"{"type":"mark","cell":0}"#) == .invalidField)
        #expect(try ann.errorCode(for: "play 3d") == .wrongTableKind)
        #expect(try ann.errorCode(for: "lay emperor") == .wrongTableKind)
        #expect(try ann.errorCode(for: "again") == .roundInProgress)
        #expect(try cat.errorCode(for: "mark 5") == .spectatorCannotAct)
        guard
            case .tictactoeMark(let mark) = try ann.request(
                #"{"type":"mark","cell":"b2","id":7}"#, expect: "tictactoe_mark"
            ).event
        else { throw TestFailure("mark") }
        #expect(mark.cell == 5 && mark.board == "....o....")
        #expect(try bob.errorCode(for: "mark b2") == .cellTaken)
        let snapshot = try bob.state()
        #expect(snapshot.tictactoe?.board == "....o...." && snapshot.tictactoe?.seatToMove == 1)
        let dave = try server.login("dave")
        try dave.request("create", expect: "created")
        #expect(try dave.errorCode(for: "mark 1") == .wrongTableKind)
    }

    /// Reads until the mark of `cell` arrives, skipping the marks before it.
    private static func awaitMark(of cell: Int, by player: TestPlayer) throws {
        while true {
            let message = try player.next()
            if case .error(let reply) = message.event {
                throw TestFailure("mark \(cell) → \(reply.code): \(reply.message)")
            }
            if case .tictactoeMark(let mark) = message.event, mark.cell == cell { return }
        }
    }

    @Test("restart resets the score only once both people ask")
    func restart() throws {
        let server = try TestServer(seed: 7)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        try ann.request("create tictactoe", expect: "created")
        try bob.request("join 1", expect: "joined")
        try ann.send("start")
        // O: 1 2 3 against X: 4 5. Both see each mark before the next is sent: the two
        // connections' lines reach the table in no set order otherwise.
        for (player, cell) in [(ann, 1), (bob, 4), (ann, 2), (bob, 5), (ann, 3)] {
            try player.send("mark \(cell)")
            for watcher in [ann, bob] { try Self.awaitMark(of: cell, by: watcher) }
        }
        guard case .tictactoeResult(let result) = try bob.waitFor("tictactoe_result").event else {
            throw TestFailure("result")
        }
        #expect(result.winner == 0 && result.line == [1, 2, 3] && result.score == [1, 0])
        guard
            case .tictactoeRestart(let asked) = try bob.request(
                "restart", expect: "tictactoe_restart"
            ).event
        else { throw TestFailure("restart") }
        #expect(asked.agreed == [1] && !asked.restarted)
        #expect(try ann.state().tictactoe?.score == [1, 0])
        guard
            case .tictactoeRestart(let done) = try ann.request(
                "restart", expect: "tictactoe_restart"
            ).event
        else { throw TestFailure("restart") }
        #expect(done.agreed == [0, 1] && done.restarted)
        guard case .tictactoeRound(let round) = try ann.waitFor("tictactoe_round").event else {
            throw TestFailure("round")
        }
        #expect(round.round == 1 && round.first == "o" && round.score == [0, 0])
    }

    @Test("two perfect bots at an all-bot table draw every round")
    func allBots() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let log = try GameLog(directory: directory.url)
        let server = try TestServer(seed: 8, botDelayMilliseconds: 2, recorder: log)
        let ann = try server.login("ann")
        try ann.request(
            #"{"type":"create","kind":"tictactoe","all_bots":true,"games":6}"#, expect: "created")
        try ann.request("watch 1", expect: "watching")
        guard case .matchEnd(let end) = try ann.waitFor("match_end").event else {
            throw TestFailure("match_end")
        }
        #expect(end.games == 6 && end.totals == [0, 0])
        let records = log.records
        #expect(records.allSatisfy { $0.result?.winner == DealOutcome.noWinner })
        #expect(records.map { $0.moves.first?.seat } == [0, 1, 0, 1, 0, 1])
    }
}
