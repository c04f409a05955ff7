import CardGames
import Foundation
import LobbyClient
import LobbyProtocol
import Testing

@Suite struct VerifyTests {
    let seed = DealSeed.derived(masterSeed: 42, dealNumber: 1)

    private var handsText: String {
        Dealer.deal(seed: seed).map(\.notation).joined(separator: "|")
    }

    private func run(_ options: VerifyOptions) throws -> VerifyCommand.Outcome {
        try VerifyCommand.run(options)
    }

    @Test func acceptsARealDeal() throws {
        let outcome = try run(
            VerifyOptions(seed: seed.hex, commitment: seed.commitment, hands: handsText))
        #expect(outcome.allValid)
        #expect(outcome.lines.first?.contains("OK") == true)
    }

    @Test func rejectsATamperedSeed() throws {
        var bytes = seed.bytes
        bytes[0] ^= 1
        let tampered = DealSeed(bytes: bytes)!
        let outcome = try run(
            VerifyOptions(seed: tampered.hex, commitment: seed.commitment, hands: handsText))
        #expect(!outcome.allValid)
        #expect(outcome.lines.first?.contains("commitment") == true)
    }

    @Test func rejectsATamperedCommitment() throws {
        let commitment = String(seed.commitment.dropLast()) + "0"
        let other = commitment == seed.commitment ? String(seed.commitment.dropLast()) + "1"
            : commitment
        let outcome = try run(VerifyOptions(seed: seed.hex, commitment: other, hands: handsText))
        #expect(!outcome.allValid)
    }

    @Test func rejectsATamperedHand() throws {
        var hands = Dealer.deal(seed: seed)
        let moved = hands[1].lowest!
        hands[1].remove(moved)
        hands[2].insert(moved)
        let text = hands.map(\.notation).joined(separator: "|")
        let outcome = try run(
            VerifyOptions(seed: seed.hex, commitment: seed.commitment, hands: text))
        #expect(!outcome.allValid)
        #expect(outcome.lines.first?.contains("seat 1") == true)
    }

    @Test func rejectsAMalformedSeed() throws {
        let outcome = try run(VerifyOptions(seed: "xyz", commitment: seed.commitment))
        #expect(!outcome.allValid)
    }

    @Test func readsDealEndMessagesWithRemainingHands() throws {
        var dealt = Dealer.deal(seed: seed)
        for seat in 1..<4 { dealt[seat] = CardSet(dealt[seat].prefix(3)) }
        dealt[0] = CardSet()
        let end = DealEnd(
            table: 1, deal: 2, winner: 0, hands: dealt.map(\.cards), cardsLeft: [0, 3, 3, 3],
            penalties: [0, 3, 3, 3], scores: [9, -3, -3, -3], totals: [9, -3, -3, -3],
            liableSeat: nil, seed: seed.hex, commitment: seed.commitment)
        let line = String(decoding: ServerMessageEncoder().line(.dealEnd(end)), as: UTF8.self)
        let claims = try DealRecordReader.claims(inText: line)
        #expect(claims.count == 1)
        #expect(claims.first?.kind == .remaining)
        #expect(claims.first?.label == "table 1 deal 2")
        #expect(VerifyCommand.check(claims).allValid)

        var foreign = dealt
        foreign[1].insert(Dealer.deal(seed: seed)[2].highest!)
        var bad = claims[0]
        bad.hands = foreign
        #expect(!VerifyCommand.check([bad]).allValid)
    }

    @Test func readsRecordFilesWithDealtHands() throws {
        let hands = Dealer.deal(seed: seed).map { $0.map(\.notation) }
        let record: [String: Any] = [
            "record": 1, "deal": ["seed": seed.hex, "commitment": seed.commitment,
                                  "initial_hands": hands],
        ]
        let data = try JSONSerialization.data(withJSONObject: record)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("verify-\(UUID().uuidString).jsonl")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = try run(VerifyOptions(record: url.path))
        #expect(outcome.allValid)
        #expect(outcome.lines.first?.contains("4 dealt hands") == true)
    }
}
