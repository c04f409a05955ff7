import CardGames
import LobbyClient
import LobbyProtocol
import Testing

@Suite struct SmallGameVerifyTests {
    private func record(
        _ kind: TableKind, players: Int, moves: [(Int, String)], result: DealOutcome,
        seed: DealSeed? = nil, pairs: Int? = nil, segments: Int? = nil
    ) -> DealRecord {
        DealRecord(
            record: 1, finishedAt: 0, table: 1, tableName: "t", kind: kind, deal: 1,
            players: (0..<players).map { "p\($0)" }, pairs: pairs, segments: segments,
            seed: seed?.hex, commitment: seed?.commitment,
            moves: moves.map { DealMove(seat: $0.0, cards: $0.1) }, result: result)
    }

    @Test func aTicTacToeRoundVerifiesAndATamperedOneDoesNot() {
        let moves = [(0, "1"), (1, "4"), (0, "2"), (1, "5"), (0, "3")]
        let good = record(
            .tictactoe, players: 2, moves: moves, result: DealOutcome(winner: 0, scores: [1, -1]))
        #expect(RecordCheck.check(good) == .validGame(.tictactoe))
        let bad = record(
            .tictactoe, players: 2, moves: moves, result: DealOutcome(winner: 1, scores: [-1, 1]))
        #expect(!RecordCheck.check(bad).isValid)
    }

    @Test func aMemoryGameVerifiesFromItsSeed() throws {
        let seed = DealSeed.derived(masterSeed: 3, dealNumber: 1)
        let layout = MemoryDealer.layout(seed: seed, pairs: 3)
        var moves: [(Int, String)] = []
        for face in 0..<3 {
            for (position, card) in layout.enumerated() where card == UInt8(face) {
                moves.append((0, "\(position + 1)"))
            }
        }
        let good = record(
            .memory, players: 1, moves: moves, result: DealOutcome(winner: 0, scores: [3]),
            seed: seed, pairs: 3)
        #expect(RecordCheck.check(good) == .validGame(.memory))
        var forged = good
        forged.commitment = DealSeed.derived(masterSeed: 3, dealNumber: 2).commitment
        #expect(!RecordCheck.check(forged).isValid)
    }

    @Test func aRouletteRoundVerifiesFromItsSeed() {
        let seed = DealSeed.derived(masterSeed: 4, dealNumber: 1)
        let spin = RouletteWheel.spin(seed: seed, segments: 6)
        let other = spin % 6 + 1
        let moves = [(0, "5 on \(spin)"), (1, "2 on \(other)")]
        let good = record(
            .roulette, players: 2, moves: moves, result: DealOutcome(winner: 0, scores: [25, -2]),
            seed: seed, segments: 6)
        #expect(RecordCheck.check(good) == .validGame(.roulette))
        let bad = record(
            .roulette, players: 2, moves: moves, result: DealOutcome(winner: 1, scores: [-5, 10]),
            seed: seed, segments: 6)
        #expect(!RecordCheck.check(bad).isValid)
    }
}
