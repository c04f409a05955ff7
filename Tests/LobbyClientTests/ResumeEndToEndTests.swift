import CardGames
import Foundation
import LobbyClient
import LobbyProtocol
import LobbyServer
import Testing

/// A dropped connection mid-deal: the client resumes through a relay with its token and
/// finishes the match with every event it saw checked.
@Suite struct ResumeEndToEndTests {
    @Test func autoplayResumesAfterTheConnectionIsCutMidDeal() throws {
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, masterSeed: 4242, botDelayMilliseconds: 5,
            logLevel: .error)
        let server = LobbyServer(
            configuration: configuration, logger: Logger(level: .error) { _ in })
        let serverPort = try server.start()
        defer {
            let done = DispatchSemaphore(value: 0)
            server.shutdown { done.signal() }
            done.wait()
        }
        let relay = try TCPRelay(forwardingTo: serverPort)
        defer { relay.stop() }

        let events = ResumeEvents()
        let session = ClientSession(
            address: ServerAddress(host: "127.0.0.1", port: relay.port), name: "roamer",
            autoplayer: AutoPlayer(level: .greedy, seed: 9)
        ) { message, state in
            switch message.event {
            case .welcome(let welcome):
                events.note(welcome: welcome)
            case .play where state.finishedGames == 0 && events.countPlay() == 6:
                relay.hold()
                relay.cut()
            case .state(let snapshot):
                events.note(snapshot: snapshot)
            default:
                break
            }
        }
        try session.connect()
        defer { session.close() }
        let created = try session.call(.create(CreateTable(kind: .bigtwo, games: 2)))
        guard case .created(let notice) = created.event else {
            Issue.record("create answered \(created.event.type)")
            return
        }
        let seen = ResumeEvents()
        let watcher = ClientSession(
            address: ServerAddress(host: "127.0.0.1", port: serverPort), name: "watcher"
        ) { message, _ in
            switch message.event {
            case .seat(let control) where control.reason == "disconnected": seen.markAway()
            case .play where seen.isAway, .pass where seen.isAway: _ = seen.countPlay()
            default: break
            }
        }
        try watcher.connect()
        defer { watcher.close() }
        _ = try watcher.call(.watch(table: notice.table.id))
        _ = try session.call(.start)

        // While the client is away, the server's stand-in plays its seat for a few moves.
        #expect(watcher.wait(timeout: 10) { _ in seen.plays >= 4 })
        relay.release()

        #expect(session.wait(timeout: 30) { $0.matchOver })
        let state = session.state
        #expect(state.violations == [])
        #expect(session.errors == 0)
        #expect(session.disconnects == 1)
        #expect(relay.accepted == 2)
        #expect(state.finishedGames >= 1)
        let welcomes = events.welcomes
        #expect(welcomes.map(\.resumed) == [false, true])
        #expect(welcomes.last?.table == notice.table.id && welcomes.last?.seat == 0)
        #expect(events.midDealSnapshots > 0)
    }
}

/// What the resumed client's observer saw, collected from its reader threads.
final class ResumeEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var storedWelcomes: [Welcome] = []
    private var playCount = 0
    private var snapshotsMidDeal = 0
    private var away = false

    /// Marks the moment the server noticed the client was gone.
    func markAway() {
        lock.lock()
        away = true
        lock.unlock()
    }

    var isAway: Bool {
        lock.lock()
        defer { lock.unlock() }
        return away
    }

    func note(welcome: Welcome) {
        lock.lock()
        storedWelcomes.append(welcome)
        lock.unlock()
    }

    /// Counts a play notice and returns the count.
    func countPlay() -> Int {
        lock.lock()
        defer { lock.unlock() }
        playCount += 1
        return playCount
    }

    func note(snapshot: Snapshot) {
        lock.lock()
        if snapshot.deal != nil && snapshot.hand != nil { snapshotsMidDeal += 1 }
        lock.unlock()
    }

    var welcomes: [Welcome] {
        lock.lock()
        defer { lock.unlock() }
        return storedWelcomes
    }

    var plays: Int {
        lock.lock()
        defer { lock.unlock() }
        return playCount
    }

    var midDealSnapshots: Int {
        lock.lock()
        defer { lock.unlock() }
        return snapshotsMidDeal
    }
}
