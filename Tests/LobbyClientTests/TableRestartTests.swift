import CardGames
import Foundation
import LobbyClient
import LobbyProtocol
import LobbyServer
import Testing
import TestSupport

/// The real server killed (SIGKILL) or stopped (SIGTERM) in the middle of a deal with two
/// people and two bots, then started again on the same data directory and port: both people
/// resume with their token into the same deal and hand, the deal completes with every event
/// checked, and the game log passes `verify`.
@Suite(.serialized) struct TableRestartTests {
    @Test func aKilledServerComesBackWithItsTable() throws {
        try restartMidDeal(signal: SIGKILL)
    }

    @Test func aStoppedServerComesBackWithItsTable() throws {
        try restartMidDeal(signal: SIGTERM)
    }

    private func restartMidDeal(signal: Int32) throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-restart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = [
            "--bot-delay-ms", "100", "--seed", "77", "--data-dir", data.path, "--log-level",
            "error",
        ]
        let first = try ServerProcess(arguments: arguments)
        let address = ServerAddress(host: "127.0.0.1", port: first.port)
        let seen = RestartLog()
        let ann = person("ann", seed: 1, address: address, log: seen)
        let bob = person("bob", seed: 2, address: address, log: seen)
        let annToken = try ann.connect().token
        let bobToken = try bob.connect().token
        defer {
            ann.close()
            bob.close()
        }
        let created = try ann.call(.create(CreateTable(kind: .bigtwo, bots: "greedy", games: 1)))
        guard case .created(let notice) = created.event else {
            Issue.record("create answered \(created.event.type)")
            return
        }
        #expect(try bob.call(.join(table: notice.table.id, seat: nil)).event.type == "joined")
        _ = try ann.call(.start)
        #expect(seen.wait { $0.moves >= 6 })

        let before = try #require(ann.state.deal)
        let bobBefore = try #require(bob.state.deal)
        first.stop(signal: signal)
        let second = try ServerProcess(arguments: arguments, port: first.port)
        defer { second.stop(signal: SIGTERM) }

        #expect(seen.wait { $0.resumed.count == 2 })
        #expect(ann.wait(timeout: 60) { $0.matchOver }, "ann saw \(ann.state.recent)")
        #expect(bob.wait(timeout: 60) { $0.matchOver }, "bob saw \(bob.state.recent)")
        #expect(ann.state.token == annToken && bob.state.token == bobToken)
        for name in ["ann", "bob"] {
            let snapshot = try #require(seen.snapshots[name])
            let view = try #require(snapshot.deal)
            let held = before.seat == snapshot.seat ? before : bobBefore
            #expect(view.deal == held.deal)
            #expect(view.commitment == held.commitment)
            #expect(Set(snapshot.hand ?? []).isSubset(of: Set(held.hand.cards)))
        }
        #expect(ann.errors == 0 && bob.errors == 0, "\(seen.errors)")
        #expect(ann.state.violations == [])
        #expect(bob.state.violations == [])
        #expect(ann.state.finishedGames == 1 && bob.state.finishedGames == 1)

        second.stop(signal: SIGTERM)
        // verify reads every segment of the data directory's game log.
        let verified = try ExecutableRun("bigtwo-client", ["verify", "--record", data.path])
        #expect(verified.status == 0, "\(verified.output)\(verified.errors)")
    }

    /// A person whose moves a bot chooses, reconnecting quickly.
    private func person(_ name: String, seed: UInt64, address: ServerAddress, log: RestartLog)
        -> ClientSession
    {
        let session = ClientSession(
            address: address, name: name, autoplayer: AutoPlayer(level: .greedy, seed: seed)
        ) { message, _ in log.note(message, by: name) }
        session.reconnectPolicy = ReconnectPolicy(window: 60, firstDelay: 0.05, maxDelay: 0.2)
        return session
    }
}

/// What the two people saw: moves before the restart, resumed welcomes, and the first
/// snapshot after resuming.
final class RestartLog: @unchecked Sendable {
    struct Seen {
        var moves = 0
        var resumed: Set<String> = []
        var snapshots: [String: Snapshot] = [:]
        var errors: [String] = []
    }

    private let condition = NSCondition()
    private var seen = Seen()

    func note(_ message: ServerMessage, by name: String) {
        condition.lock()
        switch message.event {
        case .play, .pass:
            if seen.resumed.isEmpty { seen.moves += 1 }
        case .welcome(let welcome) where welcome.resumed:
            seen.resumed.insert(name)
        case .error(let error):
            seen.errors.append("\(name): \(error.code.rawValue) \(error.message)")
        case .state(let snapshot) where seen.resumed.contains(name):
            if seen.snapshots[name] == nil { seen.snapshots[name] = snapshot }
        default:
            break
        }
        condition.broadcast()
        condition.unlock()
    }

    var errors: [String] {
        condition.lock()
        defer { condition.unlock() }
        return seen.errors
    }

    var snapshots: [String: Snapshot] {
        condition.lock()
        defer { condition.unlock() }
        return seen.snapshots
    }

    /// Waits up to 30 s for `predicate` to hold.
    func wait(until predicate: (Seen) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 30)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(seen) {
            if !condition.wait(until: deadline) { return predicate(seen) }
        }
        return true
    }
}
