import Foundation
import LobbyProtocol
import TableCore
import TestSupport
import Testing

@testable import LobbyServer

/// A person who restarts a tic-tac-toe round against the bot again and again keeps the table
/// from ever reaching a record, so the table checkpoints during the round: a server killed or
/// stopped then comes back with the board, whose turn it is, the time left and the bot's
/// pending move, and the bots move exactly as on a server that was never stopped (seeded).
@Suite("Tic-tac-toe stopped during a round")
struct TicTacToeMidRoundRestartTests {
    /// What the journal's latest checkpoint was cut on.
    enum Cut: String, CaseIterable, CustomTestStringConvertible {
        /// Ann marked; the bot's pause before its move runs.
        case botToMove
        /// The bot marked; ann's turn runs.
        case personsTurn

        var testDescription: String { rawValue }

        /// Input lines before ann's mark, so that the line the checkpoint follows is the
        /// mark (then the bot's timer and its move come) or the bot's move.
        var linesBeforeMark: Int {
            switch self {
            case .botToMove: TableHost<TicTacToeGame>.linesPerCheckpoint - 1
            case .personsTurn: TableHost<TicTacToeGame>.linesPerCheckpoint - 3
            }
        }
    }

    /// What the bot did after ann's mark, on a server never stopped.
    struct BotMoves: Equatable {
        /// The cell the table's bot marked.
        var bot: Int
        /// The cell marked for ann when her time ran out.
        var timedOut: Int
    }

    @Test(
        "a round restarted unboundedly comes back mid-round with the bot's moves",
        arguments: Cut.allCases, [SIGKILL, SIGTERM])
    func comesBackMidRound(cut: Cut, signal: Int32) throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-tictactoe-midround-\(UUID().uuidString)")
        let reference = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-tictactoe-reference-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: data)
            try? FileManager.default.removeItem(at: reference)
        }
        let expected = try Self.uninterrupted(cut: cut, data: reference)

        let first = try ServerProcess(arguments: Self.arguments(data: data))
        let ann = try TestPlayer(port: first.port)
        guard
            case .welcome(let welcome) = try ann.request(jsonHello("ann"), expect: "welcome").event
        else { throw TestFailure("no welcome") }
        let table = try Self.playUntilMark(ann, cut: cut, journal: Self.journal(in: data))
        var lastDeadline: Int64?
        if cut == .personsTurn {
            guard case .tictactoeMark(let mark) = try ann.waitFor("tictactoe_mark").event,
                case .tictactoeTurn(let turn) = try ann.waitFor("tictactoe_turn").event
            else { throw TestFailure("no bot move") }
            #expect(mark.seat == 1 && mark.cell == expected.bot)
            lastDeadline = turn.deadline
        }
        // The journal's latest line of the table is a checkpoint cut during the round, with
        // the bot's pause or ann's turn timer in it.
        let lines = try JournalRestart.tableLines(Self.journal(in: data))
        let checkpoint = try #require(lines.last)
        #expect(checkpoint.contains(#""kind":"checkpoint""#))
        // The state is a JSON string inside the line.
        let timer = cut == .botToMove ? #"\"name\":\"bot\""# : #"\"name\":\"turn\""#
        #expect(checkpoint.contains(timer), "\(checkpoint)")
        let stopped = Date()
        let second = try JournalRestart.restart(
            first, signal: signal, arguments: Self.arguments(data: data))
        defer { second.stop(signal: SIGKILL) }
        let back = try TestPlayer(port: second.port)
        guard
            case .welcome(let resumed) = try back.request(
                jsonHello("ann", token: welcome.token), expect: "welcome"
            ).event
        else { throw TestFailure("no welcome") }
        #expect(resumed.table == table)
        let snapshot = try back.state()
        let board = try #require(snapshot.tictactoe)
        #expect(board.board.filter { $0 != "." }.count == (cut == .botToMove ? 1 : 2))
        #expect(board.board.dropFirst(4).first == "o")
        #expect(board.seatToMove == (cut == .botToMove ? 1 : 0))
        if cut == .botToMove {
            guard case .tictactoeMark(let mark) = try back.waitFor("tictactoe_mark").event else {
                throw TestFailure("no bot move")
            }
            #expect(mark.seat == 1 && mark.cell == expected.bot)
        } else {
            // The warning carries the deadline: moved later by no more than the server was
            // down, so the time left is what it was.
            guard case .timer(let warning) = try back.waitFor("timer").event else {
                throw TestFailure("no warning")
            }
            let down = Int64(Date().timeIntervalSince(stopped) * 1000)
            let moved = warning.deadline - (lastDeadline ?? 0)
            #expect(moved >= 0 && moved <= down + 2_000, "moved \(moved) ms, down \(down) ms")
        }
        // Ann lets her time run out: the bot that moves for her chooses as it would have.
        var timedOut: TicTacToeMarkNotice?
        while timedOut == nil {
            if case .tictactoeMark(let mark) = try back.next().event, mark.timedOut == true {
                timedOut = mark
            }
        }
        #expect(timedOut?.seat == 0 && timedOut?.cell == expected.timedOut)
    }

    @Test(
        "two people who restart unboundedly come back to their board and turn",
        arguments: [SIGKILL, SIGTERM])
    func twoPeopleComeBack(signal: Int32) throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-tictactoe-people-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let journal = Self.journal(in: data)
        let first = try ServerProcess(arguments: Self.arguments(data: data))
        let ann = try TestPlayer(port: first.port)
        let bob = try TestPlayer(port: first.port)
        guard
            case .welcome(let annWelcome) = try ann.request(jsonHello("ann"), expect: "welcome")
                .event,
            case .welcome(let bobWelcome) = try bob.request(jsonHello("bob"), expect: "welcome")
                .event,
            case .created(let created) = try ann.request(
                "create tictactoe first=o", expect: "created"
            )
            .event
        else { throw TestFailure("no table") }
        try bob.request("join \(created.table.id)", expect: "joined")
        try ann.request("start", expect: "tictactoe_turn")
        // Both ask to restart, round after round, until the table checkpoints during one.
        var restarts = 0
        while try !JournalRestart.tableLines(journal).contains(where: {
            $0.contains(#""kind":"checkpoint""#)
        }) {
            try ann.request("restart", expect: "tictactoe_restart")
            try bob.send("restart")
            // Each hears the new round once both votes are in.
            try ann.waitFor("tictactoe_round")
            try bob.waitFor("tictactoe_round")
            restarts += 1
            try #require(restarts <= TableHost<TicTacToeGame>.linesPerCheckpoint)
        }
        for (player, cell, board) in [
            (ann, 1, "o........"), (bob, 5, "o...x...."), (ann, 9, "o...x...o"),
        ] {
            try player.send("mark \(cell)")
            try Self.awaitBoard(board, ann)
            try Self.awaitBoard(board, bob)
        }
        let kept = JournalContents(TableJournal.read(journal))
        #expect(
            try #require(kept.tables.first).inputs.count < 2
                * TableHost<TicTacToeGame>.linesPerCheckpoint
        )
        let second = try JournalRestart.restart(
            first, signal: signal, arguments: Self.arguments(data: data))
        defer { second.stop(signal: SIGKILL) }
        let annBack = try TestPlayer(port: second.port)
        let bobBack = try TestPlayer(port: second.port)
        try annBack.request(jsonHello("ann", token: annWelcome.token), expect: "welcome")
        try bobBack.request(jsonHello("bob", token: bobWelcome.token), expect: "welcome")
        let board = try #require(try bobBack.state().tictactoe)
        #expect(board.board == "o...x...o")
        #expect(board.seatToMove == 1)
        #expect(board.round == 1 && board.score == [0, 0])
        // Bob's turn goes on: his mark is taken, and ann's out of turn is refused.
        #expect(try annBack.errorCode(for: "mark 2") == .notYourTurn)
        guard
            case .tictactoeMark(let mark) = try bobBack.request("mark 3", expect: "tictactoe_mark")
                .event
        else { throw TestFailure("no mark") }
        #expect(mark.board == "o.x.x...o")
    }


    /// Reads until a mark leaves `board`.
    private static func awaitBoard(_ board: String, _ player: TestPlayer) throws {
        while true {
            if case .tictactoeMark(let mark) = try player.next().event, mark.board == board {
                return
            }
        }
    }

    /// The bot's move and the move made for ann when her time ran out, on a server that
    /// plays the same script without stopping.
    private static func uninterrupted(cut: Cut, data: URL) throws -> BotMoves {
        let server = try ServerProcess(arguments: arguments(data: data))
        defer { server.stop(signal: SIGKILL) }
        let ann = try TestPlayer(port: server.port)
        try ann.request(jsonHello("ann"), expect: "welcome")
        _ = try playUntilMark(ann, cut: cut, journal: journal(in: data))
        var bot: Int?
        while true {
            guard case .tictactoeMark(let mark) = try ann.next().event else { continue }
            if mark.seat == 1, bot == nil { bot = mark.cell }
            if mark.timedOut == true, let bot { return BotMoves(bot: bot, timedOut: mark.cell) }
        }
    }

    /// Creates a table, starts it, restarts the round until the journal holds
    /// `cut.linesBeforeMark` input lines after the table's latest checkpoint (or its
    /// start), then marks cell 5; returns the table's id.
    private static func playUntilMark(_ ann: TestPlayer, cut: Cut, journal: URL) throws -> Int {
        guard
            case .created(let created) = try ann.request(
                "create tictactoe first=o", expect: "created"
            )
            .event
        else { throw TestFailure("no table") }
        try ann.request("start", expect: "tictactoe_turn")
        // Each line is written before the answer to it leaves.
        while try inputsSinceCheckpoint(journal) < cut.linesBeforeMark {
            try ann.request("restart", expect: "tictactoe_restart")
        }
        #expect(try inputsSinceCheckpoint(journal) == cut.linesBeforeMark)
        try ann.request("mark 5", expect: "tictactoe_mark")
        return created.table.id
    }

    /// The table's input lines after its latest checkpoint.
    private static func inputsSinceCheckpoint(_ journal: URL) throws -> Int {
        let lines = try JournalRestart.tableLines(journal)
        let start = (lines.lastIndex { $0.contains(#""kind":"checkpoint""#) }).map { $0 + 1 } ?? 0
        return lines[start...].filter { line in
            [#""kind":"request""#, #""kind":"timer""#, #""kind":"bot""#].contains {
                line.contains($0)
            }
        }.count
    }


    private static func journal(in data: URL) -> URL {
        data.appendingPathComponent(TableJournal.fileName)
    }

    /// The bot pauses 4 s before it moves, and a person has 11 s (warned with 1 s gone).
    private static func arguments(data: URL) -> [String] {
        [
            "--bot-delay-ms", "4000", "--turn-seconds", "11", "--pause-seconds", "0", "--seed",
            "41", "--data-dir", data.path,
        ]
    }
}
