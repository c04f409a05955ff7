import Foundation
import LobbyProtocol
import Locking
import Testing
import TestSupport

@testable import LobbyServer

/// The deal numbers of a master seed when their file cannot be written: no number is handed
/// out, the server says so once (in its log and in `stats`), tries again at most once a
/// second, and hands numbers out again once the file takes them.
@Suite("Deal numbers that cannot be recorded", .serialized)
struct DealNumbersTests {
    /// A directory where the file's replacement is in the way: writing it fails for anyone,
    /// root included ("Is a directory").
    private static func blockedDirectory() throws -> TemporaryDirectory {
        let data = TemporaryDirectory()
        try data.create()
        try FileManager.default.createDirectory(
            at: data.file(DealNumbers.fileName + ".new"), withIntermediateDirectories: false)
        return data
    }

    @Test func aFailedWriteIsLoggedOnceShownAndTriedAgain() throws {
        let data = try Self.blockedDirectory()
        defer { data.remove() }
        let lines = Locked<[String]>([])
        let logger = Logger(level: .info) { line in lines.withLock { $0.append(line) } }
        let now = Locked<UInt64>(1_000)
        let numbers = DealNumbers(
            directory: data.url.path, logger: logger, clock: { now.withLock { $0 } })

        #expect(numbers.take() == nil)
        guard case .failing(let reason) = numbers.health else {
            Issue.record("no failure shown")
            return
        }
        #expect(reason.contains("Is a directory"), "\(reason)")
        #expect(numbers.take() == nil)
        let logged = lines.withLock { $0 }
        #expect(logged.count == 1, "\(logged)")
        #expect(logged.first?.contains("ERROR") == true)
        #expect(logged.first?.contains("deal-numbers") == true)
        #expect(logged.first?.contains("secure random source") == true)

        // The way is clear again: the next try, a second later, records the block.
        try FileManager.default.removeItem(at: data.file(DealNumbers.fileName + ".new"))
        #expect(numbers.take() == nil, "no try before the second is up")
        now.withLock { $0 += DealNumbers.retryInterval }
        #expect(numbers.take() == 1)
        #expect(numbers.take() == 2)
        #expect(numbers.health == .ok)
        let recorded = try String(
            contentsOf: data.file(DealNumbers.fileName), encoding: .utf8)
        #expect(recorded == "\(DealNumbers.blockSize)\n")
        let after = lines.withLock { $0 }
        #expect(after.count == 2 && after.last?.contains("WARNING") == true, "\(after)")
    }

    /// The real server: `stats` says `degraded` with `deal_numbers` failing, and the log says
    /// why, while its tables go on with seeds from the secure random source.
    @Test func theServerSaysSoInStatsAndItsLog() throws {
        let data = try Self.blockedDirectory()
        defer { data.remove() }
        let server = try ServerProcess(
            arguments: ["--seed", "26", "--data-dir", data.url.path, "--log-level", "warning"],
            keepingLog: true)
        let ann = try TestPlayer(port: server.port)
        try ann.request(#"{"type":"hello","name":"ann"}"#, expect: "welcome")
        guard case .created(let created) = try ann.request(
            "create roulette allbots games=3", expect: "created"
        ).event
        else { throw TestFailure("no table") }
        try ann.request("watch \(created.table.id)", expect: "watching")
        let spin = try ann.waitFor("roulette_spin")
        guard case .rouletteSpin(let result) = spin.event else { return }
        #expect(!result.seed.isEmpty)
        guard case .stats(let stats) = try ann.request(#"{"type":"stats"}"#, expect: "stats").event
        else { return }
        #expect(stats.status == .degraded)
        #expect(stats.storage.dealNumbers == .failing)
        #expect(stats.storage.gameLog == .ok)
        #expect(stats.storage.reason?.contains("Is a directory") == true, "\(stats.storage)")
        let (_, log) = server.stopAndReadLog()
        #expect(log.contains("ERROR deal-numbers"), "\(log)")
    }
}
