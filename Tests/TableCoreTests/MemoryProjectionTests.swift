import CardGames
import Foundation
import LobbyProtocol
import Testing

@testable import TableCore

/// Seeds derived from a master seed, one after another.
final class DerivedSeeds: SeedSource, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private let master: UInt64

    init(master: UInt64) { self.master = master }

    func next() -> DealSeed {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return DealSeed.derived(masterSeed: master, dealNumber: UInt64(count))
    }
}

@Suite struct MemoryProjectionTests {
    /// Plays an all-bot memory table to its end through the core alone, with a watcher so
    /// that messages go out, projecting every message for every kind of viewer; returns the
    /// wire lines each viewer would get.
    private func play(pairs: Int, seats: Int, master: UInt64) -> [String] {
        let setup = TableSetup(id: 1, name: "m", allBots: true)
        var core = TableCore<MemoryGame>(
            setup: setup, settings: MemoryOptions(pairs: pairs, seats: seats),
            seeds: DerivedSeeds(master: master))
        let encoder = ServerMessageEncoder()
        let viewers: [Viewer] =
            [.watcher, .outsider]
            + (0..<seats).flatMap { [Viewer.player(seat: $0), .reserved(seat: $0)] }
        var lines: [String] = []
        var inputs: [TableInput<MemoryGame>] = [
            .request(SessionID(2), .watch(name: "w"), id: nil),
            .request(SessionID(1), .startAllBots, id: nil),
        ]
        var now: Milliseconds = 0
        while !inputs.isEmpty, lines.count < 100_000 {
            let input = inputs.removeFirst()
            now += 1
            for effect in core.handle(input, now: now) {
                switch effect {
                case .send(let outbound):
                    for viewer in viewers {
                        let event = TableProjection.project(outbound.message, for: viewer)
                        lines.append(String(decoding: encoder.line(event), as: UTF8.self))
                    }
                case .think(let job): inputs.append(.botChose(job.run()))
                case .persist(let record, let ticket):
                    inputs.append(.recorded(ticket: ticket, stored: record))
                case .setTimer(let timer, _) where timer != .nextGame:
                    inputs.append(.timerFired(timer))
                default: break
                }
            }
        }
        return lines
    }

    @Test(arguments: [(2, 1, UInt64(1)), (8, 2, 2), (26, 4, 3)])
    func noViewerEverGetsAFaceDownCard(pairs: Int, seats: Int, master: UInt64) throws {
        let lines = play(pairs: pairs, seats: seats, master: master)
        let decoder = ServerMessageDecoder()
        let messages = try lines.map { try decoder.decode($0) }
        let end = try #require(
            messages.lazy.compactMap { message -> MemoryEndNotice? in
                if case .memoryEnd(let end) = message.event { return end }
                return nil
            }.first)
        let seed = try #require(DealSeed(hex: end.seed))
        let layout = MemoryDealer.layout(seed: seed, pairs: pairs)
        #expect(layout.map(MemoryDealer.letter(of:)).joined() == end.layout)
        let faces = Array(end.layout)
        var flipped = Set<Int>()
        for (line, message) in zip(lines, messages) {
            if case .memoryEnd = message.event { break }
            #expect(!line.contains(end.seed) && !line.contains(end.layout))
            guard case .memoryFlip(let flip) = message.event else { continue }
            #expect(Character(flip.face) == faces[flip.card - 1])
            flipped.insert(flip.card - 1)
        }
        #expect(flipped.count == 2 * pairs)
    }
}
