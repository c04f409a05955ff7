import CardGames
import Foundation
import LobbyClient
import LobbyProtocol
import LobbyServer
import Testing

@testable import LobbyClient

@Suite struct SmallGameClientTests {
    @Test(arguments: [(TableKind.tictactoe, 4, 2), (.memory, 3, 1), (.roulette, 4, 1)])
    func soakPlaysEveryGameWithoutViolations(kind: TableKind, clients: Int, tables: Int) throws {
        let local = try LocalServer(seed: 77)
        defer { local.stop() }
        let address = local.address
        let options = try SoakOptions(
            address: address, clients: clients, games: 12, tables: tables, seed: 4,
            bots: "smart", timeout: 60, kind: kind)
        let report = try SoakCommand.soak(options, progress: .discard)
        #expect(report.passed, "\(kind)")
        #expect(report.games >= 12)
        #expect(report.violations == 0 && report.errors == 0)
    }

    @Test(arguments: [TableKind.tictactoe, .memory, .roulette])
    func autoplayFinishesItsGames(kind: TableKind) throws {
        let local = try LocalServer(seed: 77)
        defer { local.stop() }
        let address = local.address
        let printed = LockedLines()
        let problems = LockedLines()
        let options = PlayOptions(
            address: address, name: "robot", bot: .greedy, games: 3, create: true,
            kind: kind)
        let status = PlayCommand.run(
            options, output: TextOutput { printed.append($0) },
            errors: TextOutput { problems.append($0) })
        #expect(status == 0)
        #expect(problems.lines == [])
        // The command returns once its three games are done; an error reply would be printed.
        #expect(!printed.lines.contains { $0.contains("error") || $0.contains("_") })
    }

    @Test func aPersonPlaysTicTacToeFromTypedLines() throws {
        let local = try LocalServer(seed: 77)
        defer { local.stop() }
        let address = local.address
        let printed = LockedLines()
        let interactive = InteractiveSession(
            address: address, name: "ann", style: CardStyle(colour: false),
            output: TextOutput { printed.append($0) })
        try interactive.session.connect()
        defer { interactive.session.close() }
        interactive.handle(line: "create tictactoe games=1 turn=0")
        #expect(interactive.session.wait(timeout: 10) { $0.table != nil })
        interactive.handle(line: "start")
        var marks = 0
        while interactive.session.wait(timeout: 10, until: { $0.isMyTurn || $0.matchOver }) {
            let state = interactive.session.state
            if state.matchOver { break }
            let board = try #require(state.ticTacToe?.board)
            let cell = try #require(board.firstIndex(of: "."))
            interactive.handle(line: "mark \(board.distance(from: board.startIndex, to: cell) + 1)")
            marks += 1
            #expect(
                interactive.session.wait(timeout: 10) {
                    $0.ticTacToe?.board != board || $0.matchOver
                })
        }
        let state = interactive.session.state
        #expect(state.matchOver && state.finishedGames == 1 && marks > 0)
        let lines = printed.lines
        #expect(lines.contains { $0.hasPrefix("  your move (") && $0.hasSuffix(": mark 1-9 or a1-c3") })
        #expect(!lines.contains { $0.hasPrefix("your move") }, "the board says it once")
        #expect(lines.contains("     ---+---+---"))
        // The table drawn at the round's result shows the total the match ends with.
        let drawn = lines.last { $0.hasPrefix("  seat 0: ann (you) total ") }
        let total = drawn.flatMap { Int($0.split(separator: " ").last ?? "") }
        let matchLine = try #require(lines.first { $0.hasPrefix("match over") })
        let signed = total.map { $0 > 0 ? "+\($0)" : $0 < 0 ? "\u{2212}\(-$0)" : "0" }
        #expect(signed.map { matchLine.contains("ann \($0)") } == true, "\(drawn ?? "") / \(matchLine)")
    }

    @Test("a roulette spin and a memory game's end name the players and shorten the seed")
    func gameEndsReadAsWords() throws {
        let local = try LocalServer(seed: 77)
        defer { local.stop() }
        for (kind, move, name) in [("roulette", "bet 5 on 3", "ann"), ("memory pairs=2", "flip 1 2", "bea")] {
            let printed = LockedLines()
            let interactive = InteractiveSession(
                address: local.address, name: name, style: CardStyle(colour: false),
                output: TextOutput { printed.append($0) })
            try interactive.session.connect()
            defer { interactive.session.close() }
            interactive.handle(line: "create \(kind) games=1 turn=0")
            #expect(interactive.session.wait(timeout: 10) { $0.table != nil })
            interactive.handle(line: "start")
            while interactive.session.wait(timeout: 10, until: { $0.isMyTurn || $0.matchOver }) {
                if interactive.session.state.matchOver { break }
                let before = interactive.session.state.recent
                interactive.handle(line: move)
                #expect(interactive.session.wait(timeout: 10) { $0.recent != before || $0.matchOver })
            }
            let lines = printed.lines
            let end = try #require(
                lines.first { $0.contains("the wheel stops on") || $0.contains(" game 1 over") },
                "\(lines.suffix(12))")
            #expect(end.contains("\(name) ") || end.contains("you "), "\(end)")
            #expect(end.contains("bot 1 "), "\(end)")
            #expect(!lines.contains { $0.contains("[") }, "no raw lists: \(lines.suffix(12))")
            let seed = try #require(lines.first { $0.hasPrefix("  seed ") })
            #expect(seed.hasSuffix("… (history shows it whole)"), "\(seed)")
        }
    }

    @Test func boardsAndWheelsFitIn40Columns() {
        let ticTacToe = TicTacToeView(
            round: 3, board: "ox.x.o...", first: "x", seatToMove: 0, roundOver: false,
            score: [12, 10], restartAgreed: [])
        let memory = MemoryView(
            game: 1, pairs: 26, commitment: "", board: String(repeating: "A.", count: 26),
            seatToFlip: 3, first: 1, scores: [9, 9, 4, 4])
        let bets = (1...8).map { seat in
            (1...3).map { RouletteStake(segment: 30 + $0, chips: 100_000 * seat) }
        }
        let roulette = RouletteView(
            round: 1, segments: 36, maxStake: 1_000_000, commitment: "", seatToBet: 2,
            bets: bets, totals: Array(repeating: 0, count: 8))
        func at(_ seat: Int, of count: Int) -> SessionState {
            var state = SessionState()
            state.seat = seat
            state.table = TableInfo(
                id: 1, kind: .memory, name: "t", status: .playing,
                seats: (0..<count).map { index in
                    let names = ["ann", "bob", "cat"]
                    return SeatInfo(
                        seat: index, player: index < 3 ? names[index] : nil, bot: index >= 3,
                        connected: index < 3)
                },
                rules: nil, options: nil, ecard: nil, bots: "smart", spectators: 0,
                turnSeconds: 0, games: nil, gamesPlayed: 0, totals: Array(repeating: 0, count: count))
            return state
        }
        let ticTacToeLines = TicTacToeBoardView.lines(ticTacToe, state: at(0, of: 2))
        let memoryLines = MemoryBoardView.lines(memory, state: at(1, of: 4))
        let lines =
            ticTacToeLines + memoryLines + RouletteWheelView.lines(roulette, state: at(2, of: 8))
        for line in lines { #expect(line.count <= 40, "\(line)") }
        #expect(ticTacToeLines.first == "      a   b   c")
        #expect(lines.contains("  1   O | X | 3"))
        #expect(lines.contains("  round 3: you (O) 12, bob (X) 10"))
        #expect(lines.contains("  your move (O): mark 1-9 or a1-c3"))
        #expect(lines.contains { $0.contains("52?") })
        #expect(memoryLines.contains("  pairs: ann 9, you 9, cat 4, bot 3 4"), "\(memoryLines)")
        #expect(memoryLines.contains("  bot 3 flips a second card"), "\(memoryLines)")
        #expect(!lines.contains { $0.contains(" s0 ") || $0.contains("seat 3") })
        #expect(lines.contains { $0.contains("31*") && !$0.contains("30*") })
        #expect(lines.contains { $0.hasPrefix("  ann: ") } && lines.contains { $0.hasPrefix("  you: ") })
    }

    @Test func autoplayAsksForTheNextRoundFromOneSeatOnly() {
        var state = SessionState()
        state.table = TableInfo(
            id: 1, kind: .tictactoe, name: "t", status: .playing,
            seats: [
                SeatInfo(seat: 0, player: nil, bot: true, connected: false),
                SeatInfo(seat: 1, player: "bob", bot: false, connected: true),
            ],
            rules: nil, options: nil, ecard: nil, bots: "smart", spectators: 0, turnSeconds: 0,
            games: nil, gamesPlayed: 0, totals: [0, 0])
        #expect(AutoPlayer.asksForAgain(seat: 1, in: state))
        #expect(!AutoPlayer.asksForAgain(seat: 0, in: state))
    }
}
