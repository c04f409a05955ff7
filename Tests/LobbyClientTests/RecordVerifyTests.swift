import CardGames
import Foundation
import LobbyClient
import LobbyProtocol
import GameRecords
import LobbyServer
import Testing
import WireJSON

/// `verify --record` on a real game log written by an in-process server.
@Suite struct RecordVerifyTests {
    /// Runs all-bot tables on a server whose game log lives in a fresh directory, and returns
    /// the log's lines: three Big Two deals, then the twelve hands of one E-Card match.
    private static func realLogLines() throws -> [String] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("verify-log-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = CountingRecorder(log: try GameLog(directory: directory))
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, masterSeed: 77, botDelayMilliseconds: 0,
            logLevel: .error)
        let server = LobbyServer(
            configuration: configuration, logger: Logger(level: .error) { _ in },
            recorder: recorder)
        let port = try server.start()
        defer {
            let done = DispatchSemaphore(value: 0)
            server.shutdown { done.signal() }
            done.wait()
        }
        let session = ClientSession(
            address: ServerAddress(host: "127.0.0.1", port: port), name: "auditor")
        try session.connect()
        defer { session.close() }
        _ = try session.call(.create(CreateTable(kind: .bigtwo, allBots: true, games: 3)))
        #expect(recorder.wait(forAtLeast: 3, timeout: 20))
        _ = try session.call(.create(CreateTable(kind: .ecard, allBots: true, games: 1)))
        #expect(recorder.wait(forAtLeast: 15, timeout: 20))
        return recorder.log.records.map { record in
            String(decoding: (try? WireCodec.makeEncoder().encode(record)) ?? Data(), as: UTF8.self)
        }
    }

    private static func write(_ lines: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("verify-\(UUID().uuidString).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url
    }

    private static func verify(_ lines: [String]) throws -> VerifyCommand.Outcome {
        let url = try write(lines)
        defer { try? FileManager.default.removeItem(at: url) }
        return try VerifyCommand.run(VerifyOptions(record: url.path))
    }

    private static func record(_ line: String) throws -> DealRecord {
        try WireCodec.makeDecoder().decode(DealRecord.self, from: Data(line.utf8))
    }

    private static func line(_ record: DealRecord) throws -> String {
        String(decoding: try WireCodec.makeEncoder().encode(record), as: UTF8.self)
    }

    @Test func aRealGameLogVerifiesAndTamperingIsCaught() throws {
        let lines = try Self.realLogLines()
        #expect(lines.count == 15)
        let outcome = try Self.verify(lines)
        #expect(outcome.allValid)
        #expect(outcome.lines.count == 16)
        #expect(outcome.lines.prefix(3).allSatisfy { $0.contains("OK: the seed matches") })
        #expect(outcome.lines[3].contains("OK: E-Card hand (no seed to check)"))
        #expect(outcome.lines.last == "all 15 checked entries are valid")

        let deal = try Self.record(lines[1])
        #expect(deal.kind == .bigtwo && deal.record == 2)

        var seed = deal
        seed.seed = DealSeed.derived(masterSeed: 5, dealNumber: 1).hex
        try expectRejected(seed, among: lines, saying: "not the recorded commitment")

        var commitment = deal
        commitment.commitment = DealSeed.derived(masterSeed: 5, dealNumber: 1).commitment
        try expectRejected(commitment, among: lines, saying: "not the recorded commitment")

        let dealt = Dealer.deal(seed: DealSeed(hex: deal.seed!)!, seats: 4)
        let index = try #require(deal.moves.firstIndex { $0.cards != DealMove.passWord })
        let mover = deal.moves[index].seat
        let foreign = dealt[(mover + 1) % 4].lowest!
        var move = deal
        move.moves[index].cards = foreign.notation
        try expectRejected(
            move, among: lines,
            saying: "move \(index + 1): seat \(mover) played \(foreign.notation), not dealt")

        var result = deal
        var negated = try #require(deal.result)
        negated.scores = negated.scores.map { -$0 }
        result.result = negated
        try expectRejected(result, among: lines, saying: "replay does not reach")
    }

    /// Replaces line 2 of the log by `tampered`: only that record fails, and says why.
    private func expectRejected(_ tampered: DealRecord, among lines: [String], saying: String)
        throws
    {
        var changed = lines
        changed[1] = try Self.line(tampered)
        let outcome = try Self.verify(changed)
        #expect(!outcome.allValid)
        let failures = outcome.lines.filter { $0.contains("FAIL") }
        #expect(failures.count == 2)
        #expect(failures.first?.hasPrefix("record 2 (table 1 deal 2): FAIL") == true)
        #expect(failures.first?.contains(saying) == true, "\(failures)")
        #expect(outcome.lines.last == "1 of 15 checked entries FAILED")
    }

    @Test func anUndecodableRecordLineFails() throws {
        let outcome = try Self.verify([#"{"moves":[],"result":{"winner":"x"}}"#])
        #expect(!outcome.allValid)
        #expect(outcome.lines == ["FAIL: line 1 is not a readable game log record"])
    }
}

/// A game log that also counts what it records, so a test can wait for deals to finish.
final class CountingRecorder: DealRecorder, @unchecked Sendable {
    let log: GameLog
    private let condition = NSCondition()
    private var count = 0

    init(log: GameLog) { self.log = log }

    func record(_ record: DealRecord, completion: @escaping @Sendable (DealRecord?) -> Void) {
        log.record(record) { [self] stored in
            condition.lock()
            count += 1
            condition.broadcast()
            condition.unlock()
            completion(stored)
        }
    }

    func history(_ query: HistoryQuery, reply: @escaping @Sendable (HistoryReply) -> Void) {
        log.history(query, reply: reply)
    }

    func leaderboard(
        _ query: LeaderboardQuery, reply: @escaping @Sendable (LeaderboardReply) -> Void
    ) {
        log.leaderboard(query, reply: reply)
    }

    /// Waits until at least `target` records were stored; false on timeout.
    func wait(forAtLeast target: Int, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while count < target {
            if !condition.wait(until: deadline) { return count >= target }
        }
        return true
    }
}
