import Testing

@testable import CardGames

@Suite struct MemoryTests {
    private let seed = DealSeed.derived(masterSeed: 42, dealNumber: 1)

    @Test func theLayoutHoldsEachFaceTwiceAndIsFixedByTheSeed() throws {
        let layout = MemoryDealer.layout(seed: seed, pairs: 8)
        #expect(layout.count == 16)
        #expect(layout.sorted() == (0..<8).flatMap { [UInt8($0), UInt8($0)] })
        #expect(MemoryDealer.layout(seed: seed, pairs: 8) == layout)
        let other = MemoryDealer.layout(
            seed: DealSeed.derived(masterSeed: 42, dealNumber: 2), pairs: 8)
        #expect(other != layout)
    }

    @Test func theLayoutIsTheProjectsFisherYatesOverSortedPairs() {
        var expected: [UInt8] = [0, 0, 1, 1, 2, 2]
        var generator = Xoshiro256StarStar(dealSeed: seed)
        fisherYatesShuffle(&expected, using: &generator)
        #expect(MemoryDealer.layout(seed: seed, pairs: 3) == expected)
    }

    @Test func verificationChecksTheCommitmentAndTheLayout() {
        let layout = MemoryDealer.layout(seed: seed, pairs: 10)
        #expect(
            MemoryDealer.verify(seed: seed, commitment: seed.commitment, layout: layout) == .valid)
        #expect(
            MemoryDealer.verify(
                seed: seed, commitment: seed.commitment.uppercased(), layout: layout)
                == .valid)
        var swapped = layout
        swapped.swapAt(0, swapped.firstIndex { $0 != layout[0] }!)
        #expect(
            MemoryDealer.verify(seed: seed, commitment: seed.commitment, layout: swapped)
                == .outcomeMismatch)
        let other = DealSeed.derived(masterSeed: 1, dealNumber: 1)
        #expect(
            MemoryDealer.verify(seed: other, commitment: seed.commitment, layout: layout)
                == .commitmentMismatch)
    }

    @Test func everyFaceIsEquallyLikelyAtEveryPosition() {
        let pairs = 4
        var counts = [[Int]](repeating: [Int](repeating: 0, count: pairs), count: 2 * pairs)
        let deals = 4000
        for deal in 0..<deals {
            let layout = MemoryDealer.layout(
                seed: DealSeed.derived(masterSeed: 9, dealNumber: UInt64(deal)), pairs: pairs)
            for (position, face) in layout.enumerated() { counts[position][Int(face)] += 1 }
        }
        let expected = Double(deals) * 2 / Double(2 * pairs)
        let chi = counts.joined().reduce(0.0) { $0 + pow2(Double($1) - expected) / expected }
        // 32 cells, 21 degrees of freedom (rows and columns fixed): p = 0.001 at about 46.8.
        #expect(chi < 46.8)
    }

    private func pow2(_ value: Double) -> Double { value * value }

    @Test func optionsAreChecked() {
        #expect(throws: MemoryError.invalidOptions(.pairs)) {
            try MemoryOptions(pairs: 1).validate()
        }
        #expect(throws: MemoryError.invalidOptions(.pairs)) {
            try MemoryOptions(pairs: 27).validate()
        }
        #expect(throws: MemoryError.invalidOptions(.seats)) {
            try MemoryOptions(seats: 0).validate()
        }
        #expect(throws: MemoryError.invalidOptions(.seats)) {
            try MemoryOptions(seats: 5).validate()
        }
        #expect(throws: MemoryError.invalidOptions(.pairs)) {
            try MemoryMatch(layout: [0, 0, 1, 2], seats: 2)
        }
    }

    @Test func aPairStaysUpScoresAndTheSameSeatGoesAgain() throws {
        var match = try MemoryMatch(layout: [0, 1, 0, 1], seats: 2)
        #expect(try match.flip(0, by: 0) == .firstCard(position: 0, face: 0))
        #expect(match.face(at: 0) == 0 && match.face(at: 2) == nil)
        #expect(try match.flip(2, by: 0) == .pair(first: 0, second: 2, face: 0, gameOver: false))
        #expect(match.scores == [1, 0] && match.seatToFlip == 0)
        #expect(match.face(at: 0) == 0 && match.face(at: 2) == 0)
        #expect(match.revealedLayout == nil)
        try match.flip(1, by: 0)
        #expect(try match.flip(3, by: 0) == .pair(first: 1, second: 3, face: 1, gameOver: true))
        #expect(match.isOver && match.leaders == [0] && match.revealedLayout == [0, 1, 0, 1])
        #expect(throws: MemoryError.gameOver) { try match.flip(0, by: 0) }
    }

    @Test func aMissTurnsBothDownAndPassesTheTurn() throws {
        var match = try MemoryMatch(layout: [0, 1, 0, 1], seats: 3)
        try match.flip(0, by: 0)
        #expect(
            try match.flip(1, by: 0) == .miss(first: 0, second: 1, firstFace: 0, secondFace: 1))
        #expect(match.seatToFlip == 1 && match.face(at: 0) == nil && match.face(at: 1) == nil)
        #expect(match.scores == [0, 0, 0])
    }

    @Test func refusedFlipsChangeNothing() throws {
        var match = try MemoryMatch(layout: [0, 1, 0, 1], seats: 2)
        try match.flip(0, by: 0)
        let before = match
        #expect(throws: MemoryError.notYourTurn) { try match.flip(1, by: 1) }
        #expect(throws: MemoryError.faceUp(0)) { try match.flip(0, by: 0) }
        #expect(throws: MemoryError.noSuchCard(4)) { try match.flip(4, by: 0) }
        #expect(throws: MemoryError.noSuchCard(-1)) { try match.flip(-1, by: 0) }
        #expect(throws: MemoryError.invalidSeat) { try match.flip(1, by: 2) }
        #expect(match == before)
    }

    @Test func aViewNeverHoldsAFaceDownCard() throws {
        var match = try MemoryMatch(seed: seed, options: MemoryOptions(pairs: 6, seats: 2))
        var rng = Xoshiro256StarStar(seed: 5)
        var bots = [
            MemoryBot(kind: .perfect, cardCount: 12), MemoryBot(kind: .random, cardCount: 12),
        ]
        while let seat = match.seatToFlip {
            for viewer in 0..<2 {
                let view = match.view(for: viewer)
                for position in 0..<12 where view.faceDown & (1 << UInt64(position)) != 0 {
                    #expect(match.face(at: position) == nil)
                }
                #expect(view.firstFace == view.firstPosition.flatMap { match.face(at: $0) })
            }
            let position = bots[seat].choose(view: match.view(for: seat), using: &rng)
            let event = try match.flip(position, by: seat)
            for index in bots.indices { bots[index].observe(event) }
        }
        #expect(match.scores.reduce(0, +) == 6)
    }

    private func playGame(_ kinds: [MemoryBot.Kind], game: UInt64) throws -> MemoryMatch {
        let options = MemoryOptions(pairs: 8, seats: kinds.count)
        var match = try MemoryMatch(
            seed: DealSeed.derived(masterSeed: 11, dealNumber: game), options: options)
        var rng = Xoshiro256StarStar(seed: game)
        var bots = kinds.map { MemoryBot(kind: $0, cardCount: options.cardCount) }
        while let seat = match.seatToFlip {
            let event = try match.flip(
                bots[seat].choose(view: match.view(for: seat), using: &rng), by: seat)
            for index in bots.indices { bots[index].observe(event) }
        }
        return match
    }

    @Test func rememberingBeatsForgettingBeatsRandom() throws {
        var pairs: [MemoryBot.Kind: Int] = [:]
        for game in 0..<200 as Range<UInt64> {
            let kinds: [MemoryBot.Kind] = [.perfect, .forgetful, .random]
            let order =
                game % 3 == 0
                ? kinds : (game % 3 == 1 ? kinds.reversed() : [kinds[1], kinds[2], kinds[0]])
            let match = try playGame(order, game: game)
            for (seat, kind) in order.enumerated() { pairs[kind, default: 0] += match.scores[seat] }
        }
        #expect(pairs[.perfect, default: 0] > pairs[.forgetful, default: 0])
        #expect(pairs[.forgetful, default: 0] > pairs[.random, default: 0])
    }

    @Test func aRememberingBotTakesAPairItHasSeen() throws {
        var bot = MemoryBot(kind: .perfect, cardCount: 4)
        bot.observe(.miss(first: 0, second: 1, firstFace: 1, secondFace: 0))
        bot.observe(.firstCard(position: 2, face: 1))
        let view = MemorySeatView(seat: 0, cardCount: 4, found: 0, firstPosition: 2, firstFace: 1)
        var rng = Xoshiro256StarStar(seed: 1)
        #expect(bot.choose(view: view, using: &rng) == 0)
        #expect(bot.known == 0b111)
        var random = MemoryBot(kind: .random, cardCount: 4)
        random.observe(.firstCard(position: 2, face: 1))
        #expect(random.known == 0 && random.remembered(at: 2) == nil)
    }

    @Test func aBotRemembersEveryFaceOfTheLargestTableAndForgetsCleanly() {
        var bot = MemoryBot(kind: .perfect, cardCount: 52)
        for position in 0..<52 {
            bot.observe(.firstCard(position: position, face: UInt8(position / 2)))
        }
        #expect(bot.known == (1 << 52) - 1)
        #expect((0..<52).allSatisfy { bot.remembered(at: $0) == UInt8($0 / 2) })
        // Face 25 (Z) is 0b11001: positions 50 and 51 are in planes 0, 3 and 4 only.
        let planes = (0..<5).map { bot.facePlane($0) >> 50 & 0b11 }
        #expect(planes == [0b11, 0, 0, 0b11, 0b11])
        bot.observe(.miss(first: 50, second: 0, firstFace: 3, secondFace: 0))
        #expect(bot.remembered(at: 50) == 3 && bot.remembered(at: 51) == 25)
        var forgetful = MemoryBot(kind: .forgetful, cardCount: 52)
        for position in 0..<52 {
            forgetful.observe(.firstCard(position: position, face: UInt8(position / 2)))
        }
        let view = MemorySeatView(
            seat: 0, cardCount: 52, found: 0, firstPosition: nil, firstFace: nil)
        var rng = Xoshiro256StarStar(seed: 4)
        _ = forgetful.choose(view: view, using: &rng)
        let forgotten = ~forgetful.known & ((1 << 52) - 1)
        #expect(forgotten != 0 && forgetful.known != 0)
        #expect((0..<5).allSatisfy { forgetful.facePlane($0) & forgotten == 0 })
    }
}
