import Foundation
import GameRecords
import LobbyProtocol
import TableCore
import TestSupport
import WireJSON
import Testing

@testable import LobbyServer

/// Two people who miss pair after pair keep a memory game from ever reaching a record, so the
/// table checkpoints during the game: the journal keeps about one checkpoint's worth of lines,
/// and a server killed or stopped then comes back with the board, the scores and whose turn it
/// is, and the game's record, once it ends, holds every flip from before the stop and after.
@Suite("Memory stopped during a game")
struct MemoryMidGameRestartTests {
    /// What the players know of the game, from the flips they saw.
    struct Knowledge {
        /// Faces seen, by card (from 0).
        var faces: [Int: String] = [:]
        /// Cards of the pairs found.
        var found: Set<Int> = []
        /// The seat to flip.
        var mover = 0
        /// Flips made.
        var flips = 0
        /// True once the game ended.
        var over = false

        /// Two face-down cards for the mover: when `finding`, a known pair, or else cards
        /// not seen yet; otherwise the first two, again and again, once they are known not
        /// to match.
        func choice(cards: Int, finding: Bool) -> (Int, Int) {
            let down = (0..<cards).filter { !found.contains($0) }
            guard finding else {
                let b = down.dropFirst().first { faces[$0] == nil || faces[$0] != faces[down[0]] }
                return (down[0], b ?? down[1])
            }
            for a in down {
                if let face = faces[a], let b = down.first(where: { $0 != a && faces[$0] == face })
                {
                    return (a, b)
                }
            }
            let unseen = down.filter { faces[$0] == nil }
            let a = unseen.first ?? down[0]
            return (a, (unseen.dropFirst() + down).first { $0 != a } ?? down[1])
        }

        mutating func saw(_ flip: MemoryFlipNotice) {
            faces[flip.card - 1] = flip.face
            flips += 1
            switch flip.result {
            case "pair"?:
                found.formUnion([flip.card - 1] + faces.keys.filter {
                    faces[$0] == flip.face && $0 != flip.card - 1
                })
            case "miss"?: mover = 1 - mover
            default: break
            }
        }
    }

    static let pairs = 8

    @Test(
        "two people who miss for ever come back to their game, its record whole",
        arguments: [SIGKILL, SIGTERM])
    func comeBackMidGame(signal: Int32) throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-memory-midgame-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let journal = data.appendingPathComponent(TableJournal.fileName)
        let first = try ServerProcess(arguments: Self.arguments(data: data))
        let ann = try TestPlayer(port: first.port)
        let bob = try TestPlayer(port: first.port)
        guard
            case .welcome(let annWelcome) = try ann.request(jsonHello("ann"), expect: "welcome")
                .event,
            case .welcome(let bobWelcome) = try bob.request(jsonHello("bob"), expect: "welcome")
                .event,
            case .created(let created) = try ann.request(
                "create memory pairs=\(Self.pairs) seats=2 games=1 turn=0 name=pairs",
                expect: "created"
            ).event
        else { throw TestFailure("no table") }
        try bob.request("join \(created.table.id)", expect: "joined")
        try ann.request("start", expect: "memory_turn")
        var known = Knowledge()
        // They miss, turn after turn, until the table checkpoints during the game, and flip
        // a few times more.
        var turns = 0
        while try !JournalRestart.tableLines(journal).contains(where: {
            $0.contains(#""kind":"checkpoint""#)
        }) {
            try Self.turn(&known, [ann, bob], finding: false)
            turns += 1
            try #require(turns <= 2 * TableHost<MemoryGame>.linesPerCheckpoint)
        }
        for _ in 0..<3 { try Self.turn(&known, [ann, bob], finding: false) }
        #expect(!known.over)
        let kept = JournalContents(TableJournal.read(journal))
        let inputs = try #require(kept.tables.first).inputs.count
        #expect(inputs < 2 * TableHost<MemoryGame>.linesPerCheckpoint, "\(inputs) lines kept")
        let before = try #require(try ann.state().memory)

        let second = try JournalRestart.restart(
            first, signal: signal, arguments: Self.arguments(data: data))
        defer { second.stop(signal: SIGKILL) }
        let annBack = try TestPlayer(port: second.port)
        let bobBack = try TestPlayer(port: second.port)
        try annBack.request(jsonHello("ann", token: annWelcome.token), expect: "welcome")
        try bobBack.request(jsonHello("bob", token: bobWelcome.token), expect: "welcome")
        let after = try #require(try bobBack.state().memory)
        #expect(after == before)
        #expect(after.seatToFlip == known.mover)
        // The mover's flips are taken, the other's refused; the game goes on to its end.
        let players = [annBack, bobBack]
        let waiting = players[1 - known.mover]
        let down = (0..<2 * Self.pairs).first { !known.found.contains($0) } ?? 0
        #expect(try waiting.errorCode(for: "flip \(down + 1)") == .notYourTurn)
        var more = 0
        while !known.over {
            try Self.turn(&known, players, finding: true)
            more += 1
            try #require(more <= 4 * Self.pairs, "\(known)")
        }
        // The record holds every flip, those before the stop included.
        let record = try #require(try Self.records(in: data).last)
        #expect(record.kind == .memory)
        #expect(record.moves.count == known.flips)
    }

    /// The mover flips two cards; both players read both flips, so that each connection's
    /// next flip is a new one.
    static func turn(_ known: inout Knowledge, _ players: [TestPlayer], finding: Bool) throws {
        let mover = players[known.mover]
        let other = players[1 - known.mover]
        let (a, b) = known.choice(cards: 2 * pairs, finding: finding)
        guard
            case .memoryFlip(let one) = try mover.request(
                #"{"type":"flip","cards":[\#(a + 1),\#(b + 1)]}"#, expect: "memory_flip"
            ).event,
            case .memoryFlip(let two) = try mover.waitFor("memory_flip").event
        else { throw TestFailure("no flips") }
        for _ in 0..<2 { try other.waitFor("memory_flip") }
        known.saw(one)
        known.saw(two)
        if two.result == "pair", !two.scores.isEmpty,
            two.scores.reduce(0, +) == pairs
        {
            known.over = true
            _ = try mover.waitFor("memory_end")
        }
    }

    /// The game log's records.
    static func records(in data: URL) throws -> [DealRecord] {
        let decoder = WireCodec.makeDecoder()
        return try LogSegments.list(in: data.path).flatMap { name in
            try String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n")
                .map { try decoder.decode(DealRecord.self, from: Data($0.utf8)) }
        }
    }



    private static func arguments(data: URL) -> [String] {
        ["--bot-delay-ms", "0", "--pause-seconds", "0", "--seed", "41", "--data-dir", data.path]
    }
}
