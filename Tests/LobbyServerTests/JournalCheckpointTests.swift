import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport
import WireJSON

@testable import LobbyServer

/// A long-running table's journal stays small: each deal's end writes the table's checkpoint,
/// and compaction keeps only the latest one and the lines after it.
@Suite("Journal checkpoints of long-running tables")
struct JournalCheckpointTests {
    @Test("an all-bot table's compacted journal after 200 deals is about its size after 2")
    func compactedJournalStaysSmall() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-checkpoint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let journal = data.appendingPathComponent(TableJournal.fileName)
        let arguments = Self.arguments(seed: 5, data: data)
        let (first, watcher, table) = try Self.watchedAllBotTable("bigtwo", arguments)
        try Self.awaitDeal(number: 2, watcher)
        let early = try Data(contentsOf: journal)
        let last = try Self.awaitDeal(number: 200, watcher)
        let late = try Data(contentsOf: journal)
        first.stop(signal: SIGKILL)

        let compactedEarly = TableJournal.compacted(early)
        let compactedLate = TableJournal.compacted(late)
        // Both hold the latest checkpoint and the deal under way: within one deal's lines.
        #expect(compactedLate.count < compactedEarly.count + 16 * 1024)
        #expect(late.count > 20 * compactedLate.count)
        let kept = JournalContents(TableJournal.entries(in: compactedLate))
        let keptTable = try #require(kept.tables.first)
        #expect(keptTable.checkpoint != nil)

        // The restarted server takes the table up from its checkpoint and plays on.
        let second = try ServerProcess(arguments: arguments)
        let eve = try Self.watching(table, port: second.port)
        let next = try Self.awaitDeal(number: last.deal + 1, eve)
        #expect(next.table == table)
        #expect(second.stop(signal: SIGTERM) == 0)
    }

    @Test("a killed all-bot roulette table comes back from its checkpoint and spins on")
    func rouletteComesBack() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-roulette-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = Self.arguments(seed: 6, data: data)
        let (first, watcher, table) = try Self.watchedAllBotTable("roulette", arguments)
        var last = try Self.awaitSpin(round: 30, watcher)
        first.stop(signal: SIGKILL)
        // The round opened last before the kill, with the commitment announced for it.
        var opened: RouletteRoundNotice?
        while let message = try? watcher.next() {
            if case .rouletteRound(let round) = message.event { opened = round }
            if case .rouletteSpin(let spin) = message.event { last = spin }
        }
        let journal = data.appendingPathComponent(TableJournal.fileName)
        let kept = JournalContents(TableJournal.read(journal))
        #expect(try #require(kept.tables.first).checkpoint != nil)

        let second = try ServerProcess(arguments: arguments)
        let eve = try Self.watching(table, port: second.port)
        let next = try Self.awaitSpin(round: last.round + 1, eve)
        #expect(next.table == table)
        #expect(DealSeed(hex: next.seed)?.commitment == next.commitment)
        #expect(second.stop(signal: SIGTERM) == 0)

        // Each round is logged once, and a round open at the kill with the seed committed to
        // before it.
        let decoder = WireCodec.makeDecoder()
        let records = try LogSegments.list(in: data.path).flatMap { name in
            try String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n")
                .map { try decoder.decode(DealRecord.self, from: Data($0.utf8)) }
        }
        let rounds = records.filter { $0.table == table }.map(\.deal)
        #expect(Set(rounds).count == rounds.count)
        #expect(rounds.contains(next.round))
        if let opened, opened.round > last.round {
            let record = try #require(records.first { $0.deal == opened.round })
            #expect(record.commitment == opened.commitment)
        }
    }

    @Test(
        "a killed all-bot E-Card, tic-tac-toe or memory table comes back from its checkpoint",
        arguments: ["ecard", "tictactoe", "memory"])
    func smallGameComesBack(kind: String) throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-\(kind)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = Self.arguments(seed: 8, data: data)
        let (first, watcher, table) = try Self.watchedAllBotTable(kind, arguments)
        let ended = try Self.awaitGameEnd(after: 3, watcher)
        first.stop(signal: SIGKILL)
        let journal = data.appendingPathComponent(TableJournal.fileName)
        let compacted = TableJournal.compacted(try Data(contentsOf: journal))
        let kept = JournalContents(TableJournal.entries(in: compacted))
        #expect(try #require(kept.tables.first).checkpoint != nil)

        let second = try ServerProcess(arguments: arguments)
        let eve = try Self.watching(table, port: second.port)
        #expect(try Self.awaitGameEnd(after: ended + 1, eve) > ended)
        #expect(second.stop(signal: SIGTERM) == 0)
    }

    @Test("seeds a core draws while it is made to take up a checkpoint are set aside")
    func seedsDrawnWhileMakingAreSetAside() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try directory.create()
        let journal = try TableJournal(directory: directory.url.path)
        let replayed = (1...2).map { DealSeed.derived(masterSeed: 9, dealNumber: UInt64($0)) }
        let seeds = JournaledSeeds(
            base: DealSeedSource(masterSeed: 3), journal: journal, table: 1,
            replaying: replayed, aside: true)
        let drawnWhileMaking = seeds.next()
        seeds.endAside()
        #expect(!replayed.contains(drawnWhileMaking))
        #expect(seeds.next() == replayed[0])
        #expect(seeds.next() == replayed[1])
        let drawn = seeds.next()
        let lines = TableJournal.read(journal.file.url)
        #expect(lines.compactMap(\.seed) == [drawn.hex])
    }

    /// Reads until the spin of round `number` (or a later one).
    private static func awaitSpin(round number: Int, _ player: TestPlayer) throws
        -> RouletteSpinNotice
    {
        try awaitEvent(player) {
            guard case .rouletteSpin(let spin) = $0, spin.round >= number else { return nil }
            return spin
        }
    }
    @Test("a person's tic-tac-toe table checkpoints between rounds; refusals write nothing")
    func ticTacToeWithAPersonCheckpoints() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-tictactoe-person-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let journal = data.appendingPathComponent(TableJournal.fileName)
        let arguments = Self.arguments(seed: 9, data: data)
        let first = try ServerProcess(arguments: arguments)
        let ann = try TestPlayer(port: first.port)
        guard case .welcome(let welcome) = try ann.request(jsonHello("ann"), expect: "welcome").event
        else { throw TestFailure("no welcome") }
        guard case .created(let created) = try ann.request("create tictactoe", expect: "created").event
        else { throw TestFailure("no table") }
        try ann.send("start")
        var board = "........."
        play: while true {
            switch try ann.next().event {
            case .tictactoeMark(let mark): board = mark.board
            case .tictactoeTurn(let turn) where turn.seat == 0:
                let free = try #require(board.firstIndex(of: "."))
                try ann.send("mark \(board.distance(from: board.startIndex, to: free) + 1)")
            case .tictactoeResult: break play
            case .error(let reply): throw TestFailure("\(reply.code): \(reply.message)")
            default: break
            }
        }
        let lines = { () -> [Substring] in
            ((try? String(contentsOf: journal, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { !$0.contains(#""kind":"clock""#) }
        }
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline, !lines().contains(where: { $0.contains(#""kind":"checkpoint""#) })
        {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let before = lines()
        // Moves on a finished round, a second `ready`, a move of another kind: all refused or
        // changing nothing, and none of them written.
        for _ in 0..<50 {
            try ann.send("ready")
            #expect(try ann.errorCode(for: "mark 5") != .notSeated)
            #expect(try ann.errorCode(for: "pass") == .wrongTableKind)
        }
        #expect(lines() == before)
        first.stop(signal: SIGKILL)
        let kept = JournalContents(TableJournal.read(journal))
        #expect(try #require(kept.tables.first).checkpoint != nil)

        let second = try ServerProcess(arguments: arguments)
        let back = try TestPlayer(port: second.port)
        let resumed = try back.request(
            #"{"type":"hello","name":"ann","token":"\#(welcome.token)"}"#, expect: "welcome")
        guard case .welcome(let again) = resumed.event else { throw TestFailure("no welcome") }
        #expect(again.table == created.table.id)
        try back.send("again")
        let round = try back.waitFor("tictactoe_round")
        if case .tictactoeRound(let notice) = round.event { #expect(notice.round == 2) }
        #expect(second.stop(signal: SIGTERM) == 0)
    }


    /// A fast server's arguments: bots at once, no pause between games, data in `data`.
    private static func arguments(seed: Int, data: URL) -> [String] {
        [
            "--bot-delay-ms", "0", "--pause-seconds", "0", "--seed", "\(seed)", "--data-dir",
            data.path,
        ]
    }

    /// A server started with `arguments`, holding an all-bot table of `kind` that plays on
    /// and on, and a session watching it; returns the server, the watcher and the table's id.
    private static func watchedAllBotTable(_ kind: String, _ arguments: [String]) throws
        -> (ServerProcess, TestPlayer, Int)
    {
        let server = try ServerProcess(arguments: arguments)
        let watcher = try TestPlayer(port: server.port)
        try watcher.request(jsonHello("watcher"), expect: "welcome")
        let created = try watcher.request("create \(kind) allbots games=100000", expect: "created")
        guard case .created(let notice) = created.event else {
            throw TestFailure("expected a 'created' event")
        }
        try watcher.request("watch \(notice.table.id)", expect: "watching")
        return (server, watcher, notice.table.id)
    }

    /// Reads until an E-Card match, a tic-tac-toe round or a memory game numbered at least
    /// `number` ends; returns its number.
    private static func awaitGameEnd(after number: Int, _ player: TestPlayer) throws -> Int {
        try awaitEvent(player) {
            let ended: Int? =
                switch $0 {
                case .matchEnd(let end): end.games
                case .tictactoeResult(let result): result.round
                case .memoryEnd(let end): end.game
                default: nil
                }
            return ended.flatMap { $0 >= number ? $0 : nil }
        }
    }

    /// Reads until the `deal_end` of deal `number` (or a later one).
    @discardableResult
    private static func awaitDeal(number: Int, _ player: TestPlayer) throws -> DealEnd {
        try awaitEvent(player) {
            guard case .dealEnd(let end) = $0, end.deal >= number else { return nil }
            return end
        }
    }

    /// A new session `eve` on `port` watching `table`.
    private static func watching(_ table: Int, port: UInt16) throws -> TestPlayer {
        let eve = try TestPlayer(port: port)
        try eve.request(jsonHello("eve"), expect: "welcome")
        try eve.request("watch \(table)", expect: "watching")
        return eve
    }

    /// Reads until `match` picks an event.
    private static func awaitEvent<Found>(
        _ player: TestPlayer, _ match: (ServerEvent) -> Found?
    ) throws -> Found {
        while true {
            if let found = match(try player.next().event) { return found }
        }
    }
}
