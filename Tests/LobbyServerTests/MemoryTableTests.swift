import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

@Suite("Playing at memory tables")
struct MemoryTableTests {
    /// Checks every line `player` received against the layout revealed at the end: before a
    /// card is flipped its face appears nowhere (no event, no snapshot board), a flip shows
    /// the true face, a miss turns both cards down again, and the seed and layout appear
    /// only in `memory_end`.
    static func leaks(in lines: [String], layout: String, seed: String) -> [String] {
        let decoder = ServerMessageDecoder()
        let faces = Array(layout)
        var up = Set<Int>()
        var first: Int?
        var problems: [String] = []
        for line in lines {
            guard let message = try? decoder.decode(line) else { continue }
            if case .memoryEnd = message.event { break }
            if line.contains(seed) || line.contains(layout) {
                problems.append("the seed or the layout before the end: \(line)")
            }
            switch message.event {
            case .memoryFlip(let flip):
                let index = flip.card - 1
                if Character(flip.face) != faces[index] { problems.append("a wrong face: \(line)") }
                switch flip.result {
                case nil: first = index
                case "pair"?: up.formUnion([index, first ?? index])
                default: break
                }
                if flip.result != nil { first = nil }
            case .state(let snapshot):
                guard let board = snapshot.memory?.board else { continue }
                for (index, face) in board.enumerated() where face != "." {
                    let shown = up.contains(index) || first == index
                    if !shown || face != faces[index] {
                        problems.append("card \(index + 1) shown face up in a snapshot: \(line)")
                    }
                }
            default:
                continue
            }
        }
        return problems
    }

    /// Plays `player`'s turns, flipping the lowest face-down cards it does not know to match,
    /// until the game ends; returns the end.
    static func play(_ player: TestPlayer, seat: Int, pairs: Int) throws -> MemoryEndNotice {
        var board = Array(repeating: Character("."), count: 2 * pairs)
        var known: [Int: Character] = [:]
        var first: Int?
        while true {
            let message = try player.next()
            switch message.event {
            case .memoryFlip(let flip):
                let index = flip.card - 1
                known[index] = Character(flip.face)
                switch flip.result {
                case nil: first = index
                case "pair"?:
                    board[index] = Character(flip.face)
                    if let first { board[first] = Character(flip.face) }
                    first = nil
                default: first = nil
                }
            case .memoryTurn(let turn) where turn.seat == seat:
                let down = board.indices.filter { board[$0] == "." && $0 != first }
                if let first, let face = known[first],
                    let match = down.first(where: { known[$0] == face })
                {
                    try player.send("flip \(match + 1)")
                } else if first == nil,
                    let pair = down.first(where: { a in
                        down.contains { $0 != a && known[$0] != nil && known[$0] == known[a] }
                    })
                {
                    let other = try #require(
                        down.first { $0 != pair && known[$0] == known[pair] })
                    try player.send("flip \(pair + 1) \(other + 1)")
                } else {
                    let unknown = down.first { known[$0] == nil } ?? down[0]
                    try player.send("flip \(unknown + 1)")
                }
            case .memoryEnd(let end):
                return end
            case .error(let reply):
                throw TestFailure("\(reply.code): \(reply.message)")
            default:
                break
            }
        }
    }

    @Test("a person, two bots and a watcher: no face-down card leaks, the game is logged")
    func noLeaks() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let log = try GameLog(directory: directory.url)
        let server = try TestServer(seed: 9, recorder: log)
        let ann = try server.login("ann")
        let created = try ann.request("create memory pairs=6 seats=3 games=1", expect: "created")
        guard case .created(let notice) = created.event else { throw TestFailure("created") }
        #expect(notice.table.kind == .memory && notice.table.seats.count == 3)
        let sam = try server.login("sam")
        try sam.request("watch 1", expect: "watching")
        try ann.send("start")
        guard case .memoryStart(let start) = try ann.waitFor("memory_start").event else {
            throw TestFailure("memory_start")
        }
        #expect(start.pairs == 6)
        _ = try ann.state()
        let end = try Self.play(ann, seat: 0, pairs: 6)
        #expect(end.scores.reduce(0, +) == 6 && end.layout.count == 12)
        let seed = try #require(DealSeed(hex: end.seed))
        #expect(seed.commitment == start.commitment)
        #expect(
            MemoryDealer.layout(seed: seed, pairs: 6).map(MemoryDealer.letter(of:)).joined()
                == end.layout)
        guard case .memoryEnd = try sam.waitFor("memory_end").event else {
            throw TestFailure("watcher end")
        }
        #expect(Self.leaks(in: ann.lines, layout: end.layout, seed: end.seed) == [])
        #expect(Self.leaks(in: sam.lines, layout: end.layout, seed: end.seed) == [])
        let records = log.records
        #expect(records.count == 1 && records.first?.kind == .memory)
        #expect(records.first?.players == ["ann", "bot:perfect", "bot:perfect"])
        for record in records {
            if case .failure(let error) = DealReplay.replay(record) {
                Issue.record("the game does not replay: \(error)")
            }
        }
    }

    @Test("watchers mid-game see only face-up cards; bad flips change nothing")
    func flipsAndErrors() throws {
        let server = try TestServer(seed: 10)
        let ann = try server.login("ann")
        #expect(try ann.errorCode(for: "create memory pairs=27") == .invalidField)
        #expect(try ann.errorCode(for: "create memory seats=5") == .invalidField)
        #expect(try ann.errorCode(for: "create pairs=4") == .invalidField)
        try ann.request("create memory pairs=4 seats=2", expect: "created")
        let bob = try server.login("bob")
        try bob.request("join 1", expect: "joined")
        try ann.send("start")
        try ann.waitFor("memory_turn")
        #expect(try bob.errorCode(for: "flip 1") == .notYourTurn)
        #expect(try ann.errorCode(for: "flip 9") == .invalidField)
        #expect(try ann.errorCode(for: "flip 1 1") == .duplicateCards)
        #expect(try ann.errorCode(for: "flip") == .missingField)
        #expect(try ann.errorCode(for: "flip 1 2 3") == .invalidField)
        #expect(try ann.errorCode(for: "mark 5") == .wrongTableKind)
        #expect(try ann.state().memory?.board == "........")
        guard
            case .memoryFlip(let one) = try ann.request(
                #"{"type":"flip","card":1,"id":3}"#, expect: "memory_flip"
            ).event
        else { throw TestFailure("flip") }
        #expect(one.card == 1 && one.result == nil)
        #expect(try ann.errorCode(for: "flip 2 3") == .invalidField)
        #expect(try ann.errorCode(for: "flip 1") == .cardFaceUp)
        let cat = try server.login("cat")
        try cat.request("watch 1", expect: "watching")
        let watched = try cat.waitFor("state")
        guard case .state(let snapshot) = watched.event else { throw TestFailure("state") }
        #expect(snapshot.memory?.board == one.face + ".......")
        #expect(snapshot.memory?.first == 1)
    }
}
