import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport
import WireJSON

@testable import LobbyServer

/// A restart keeps every promise made before it: a game under way comes back under the seed
/// it committed to, a bot's earlier moves stay as they were, and no seed is drawn twice from
/// one master seed however often the server starts again.
@Suite("Restarts keep their promises", .serialized)
struct RestartPromiseTests {
    /// The issue's reproduction: a memory game with one card up, the server killed or
    /// stopped, and the game resumed. The snapshot must hold the commitment announced at
    /// `memory_start` and the face already shown.
    @Test(
        "a memory game comes back under the seed it committed to",
        arguments: [(SIGKILL, true), (SIGTERM, true), (SIGKILL, false), (SIGTERM, false)])
    func memoryKeepsItsCommitment(signal: Int32, seeded: Bool) throws {
        let data = TemporaryDirectory()
        try data.create()
        defer { data.remove() }
        let arguments = Self.arguments(data, seed: seeded ? 2026 : nil)
        let first = try ServerProcess(arguments: arguments)
        let ann = try TestPlayer(port: first.port)
        let token = try Self.hello(ann, "ann")
        try ann.request("create memory pairs=3 seats=2 games=1 turn=0", expect: "created")
        guard case .memoryStart(let start) = try ann.request("start", expect: "memory_start").event
        else { throw TestFailure("no memory_start") }
        guard case .memoryFlip(let flip) = try ann.request("flip 1", expect: "memory_flip").event
        else { throw TestFailure("no memory_flip") }
        let (second, snapshot) = try Self.restart(first, signal, arguments, resuming: token)
        defer { second.stop(signal: SIGTERM) }
        let memory = try #require(snapshot.memory)
        #expect(memory.commitment == start.commitment)
        #expect(memory.board.first.map(String.init) == flip.face)
        #expect(memory.first == 1)
    }

    /// A random bot's marks before a kill are the marks the snapshot after it shows, with the
    /// server's own seeds (the bot's random source came from a seed the journal lost).
    @Test("a random tic-tac-toe bot's marks replay after a kill, with OS seeds")
    func ticTacToeBotReplays() throws {
        let data = TemporaryDirectory()
        try data.create()
        defer { data.remove() }
        let arguments = Self.arguments(data, seed: nil)
        let first = try ServerProcess(arguments: arguments)
        let ann = try TestPlayer(port: first.port)
        let token = try Self.hello(ann, "ann")
        try ann.request("create tictactoe random turn=0", expect: "created")
        try ann.request("start", expect: "tictactoe_round")
        var board = "........."
        var over = false
        // Ann (o, first) marks the first free cell of a fixed order; the random bot answers.
        while !over, board.filter({ $0 == "x" }).count < 2 {
            try ann.send("mark \(Self.firstFree(board, from: [5, 1, 9, 3, 7, 2, 4, 6, 8]))")
            var answered = false
            while !answered {
                switch try ann.next().event {
                case .tictactoeMark(let mark):
                    board = mark.board
                    answered = mark.seat == 1
                case .tictactoeResult:
                    over = true
                    answered = true
                default: break
                }
            }
        }
        let (second, snapshot) = try Self.restart(first, SIGKILL, arguments, resuming: token)
        defer { second.stop(signal: SIGTERM) }
        let view = try #require(snapshot.tictactoe)
        #expect(view.board == board)
    }

    /// With `--seed`, seeds revealed before a kill or a stop are never drawn again after it:
    /// the deal counter carries on where the last run left it, and no seed is in the game
    /// log twice.
    @Test(
        "no seed is drawn twice from one master seed across restarts",
        arguments: [SIGKILL, SIGTERM])
    func noSeedTwiceAcrossRestarts(signal: Int32) throws {
        let data = TemporaryDirectory()
        try data.create()
        defer { data.remove() }
        let arguments = Self.arguments(data, seed: 2026)
        var revealed: [String] = []
        var port: UInt16 = 0
        var table: Int?
        for run in 0..<3 {
            let server = try ServerProcess(arguments: arguments, port: port)
            port = server.port
            let eve = try TestPlayer(port: server.port)
            _ = try Self.hello(eve, "eve\(run)")
            if table == nil {
                let created = try eve.request("create roulette allbots games=100000", expect: "created")
                guard case .created(let notice) = created.event else { throw TestFailure("no table") }
                table = notice.table.id
            }
            try eve.request("watch \(table ?? 0)", expect: "watching")
            var spins = 0
            while spins < 4 {
                if case .rouletteSpin(let spin) = try eve.next().event {
                    revealed.append(spin.seed)
                    spins += 1
                }
            }
            server.stop(signal: run < 2 ? signal : SIGTERM)
        }
        #expect(Set(revealed).count == revealed.count, "\(revealed)")
        let logged = try Self.loggedSeeds(data)
        #expect(logged.count >= revealed.count)
        #expect(Set(logged).count == logged.count, "a seed is in the game log twice")
        #expect(Set(revealed).isSubset(of: Set(logged)))
    }

    /// Every seed the game log in `data` reveals, in order.
    static func loggedSeeds(_ data: TemporaryDirectory) throws -> [String] {
        let decoder = WireCodec.makeDecoder()
        return try LogSegments.list(in: data.url.path).flatMap { name in
            try String(contentsOf: data.url.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n")
                .compactMap { try decoder.decode(DealRecord.self, from: Data($0.utf8)).seed }
        }
    }

    /// A clean stop while a person is to move: nothing moves for her during the stop, the
    /// journal records no drop, and after the restart she resumes at her seat with the same
    /// hand and turn.
    @Test("a clean stop freezes a table where it stands")
    func cleanStopFreezes() throws {
        let data = TemporaryDirectory()
        try data.create()
        defer { data.remove() }
        let arguments = Self.arguments(data, seed: 2026)
        let first = try ServerProcess(arguments: arguments)
        let ann = try TestPlayer(port: first.port)
        let token = try Self.hello(ann, "ann")
        try ann.request("create bigtwo greedy turn=0 games=1", expect: "created")
        try ann.send("start")
        var seat: Int?
        while true {
            let message = try ann.next()
            if case .dealStart(let start) = message.event { seat = start.seat }
            if case .turn(let turn) = message.event, turn.seat == seat { break }
        }
        let before = try ann.state()
        first.stop(signal: SIGTERM)
        let journal = try String(
            contentsOf: data.url.appendingPathComponent(TableJournal.fileName), encoding: .utf8)
        #expect(!journal.contains(#""disconnected""#))

        let second = try ServerProcess(arguments: arguments, port: first.port)
        defer { second.stop(signal: SIGTERM) }
        let again = try TestPlayer(port: second.port)
        guard case .welcome(let welcome) = try again.request(
            jsonHello("ann", token: token), expect: "welcome"
        ).event
        else { throw TestFailure("no welcome") }
        #expect(welcome.resumed && welcome.seat == seat)
        let after = try again.state()
        #expect(after.hand.map(Set.init) == before.hand.map(Set.init))
        #expect(after.deal?.currentSeat == seat)
        #expect(after.deal?.commitment == before.deal?.commitment)
    }

    /// A spectator who resumes after a dropped connection, or after a restart, still
    /// watches: the welcome names the table, a snapshot follows, and the table's events keep
    /// coming.
    @Test("a watcher who resumes watches on", arguments: [nil, SIGKILL, SIGTERM] as [Int32?])
    func watcherResumes(restart signal: Int32?) throws {
        let data = TemporaryDirectory()
        try data.create()
        defer { data.remove() }
        let arguments = Self.arguments(data, seed: 2026) + ["--restart-grace-seconds", "0"]
        let first = try ServerProcess(arguments: arguments)
        let eve = try TestPlayer(port: first.port)
        let token = try Self.hello(eve, "eve")
        guard case .created(let created) = try eve.request(
            "create roulette allbots games=100000", expect: "created"
        ).event
        else { throw TestFailure("no table") }
        try eve.request("watch \(created.table.id)", expect: "watching")
        _ = try eve.waitFor("roulette_spin")
        var server = first
        if let signal {
            first.stop(signal: signal)
            server = try ServerProcess(arguments: arguments, port: first.port)
        } else {
            eve.close()
        }
        defer { server.stop(signal: SIGTERM) }
        let again = try TestPlayer(port: server.port)
        guard case .welcome(let welcome) = try again.request(
            jsonHello("eve", token: token), expect: "welcome"
        ).event
        else { throw TestFailure("no welcome") }
        #expect(welcome.resumed && welcome.table == created.table.id && welcome.seat == nil)
        _ = try again.waitFor("state")
        _ = try again.waitFor("roulette_spin")
    }

    // MARK: - Helpers

    /// Bots at once, no pause, a journal in `data`, and `seed` as the master seed if any.
    static func arguments(_ data: TemporaryDirectory, seed: UInt64?) -> [String] {
        var arguments = [
            "--bot-delay-ms", "0", "--pause-seconds", "0", "--data-dir", data.url.path,
            "--log-level", "error",
        ]
        if let seed { arguments += ["--seed", "\(seed)"] }
        return arguments
    }

    /// Stops `server` with `signal`, starts it again on the same port, resumes the session
    /// of `token` and returns the new server and the session's snapshot.
    static func restart(
        _ server: ServerProcess, _ signal: Int32, _ arguments: [String], resuming token: String
    ) throws -> (ServerProcess, Snapshot) {
        server.stop(signal: signal)
        let second = try ServerProcess(arguments: arguments, port: server.port)
        let again = try TestPlayer(port: second.port)
        try again.request(jsonHello("ann", token: token), expect: "welcome")
        return (second, try again.state())
    }

    /// Says hello as `name` and returns the session token.
    static func hello(_ player: TestPlayer, _ name: String) throws -> String {
        guard case .welcome(let welcome) = try player.request(jsonHello(name), expect: "welcome")
            .event
        else { throw TestFailure("no welcome") }
        return welcome.token
    }

    /// The first cell of `order` that `board` leaves free.
    static func firstFree(_ board: String, from order: [Int]) -> Int {
        let cells = Array(board)
        return order.first { cells[$0 - 1] == "." } ?? 1
    }
}
