import Testing

@testable import CardGames

@Suite struct RouletteTests {
    @Test func optionsAreChecked() {
        #expect(throws: RouletteError.invalidOptions(.segments)) {
            try RouletteOptions(segments: 1).validate()
        }
        #expect(throws: RouletteError.invalidOptions(.segments)) {
            try RouletteOptions(segments: 37).validate()
        }
        #expect(throws: RouletteError.invalidOptions(.seats)) {
            try RouletteOptions(seats: 9).validate()
        }
        #expect(throws: RouletteError.invalidOptions(.maxStake)) {
            try RouletteOptions(maxStake: 0).validate()
        }
    }

    @Test func refusedBetsChangeNothing() throws {
        var round = try RouletteRound(options: RouletteOptions(segments: 6, seats: 2, maxStake: 10))
        try round.bet(seat: 0, segment: 6, chips: 8)
        let before = round
        #expect(throws: RouletteError.noSuchSegment(7)) {
            try round.bet(seat: 0, segment: 7, chips: 1)
        }
        #expect(throws: RouletteError.noSuchSegment(0)) {
            try round.bet(seat: 0, segment: 0, chips: 1)
        }
        #expect(throws: RouletteError.invalidChips) { try round.bet(seat: 0, segment: 1, chips: 0) }
        #expect(throws: RouletteError.overLimit(remaining: 2)) {
            try round.bet(seat: 0, segment: 1, chips: 3)
        }
        #expect(throws: RouletteError.invalidSeat) { try round.bet(seat: 2, segment: 1, chips: 1) }
        #expect(round == before)
        _ = round.settle(on: 3)
        #expect(throws: RouletteError.bettingClosed) {
            try round.bet(seat: 1, segment: 1, chips: 1)
        }
    }

    @Test func aWinningBetPaysSegmentsMinusOneToOne() throws {
        var round = try RouletteRound(options: RouletteOptions(segments: 12, seats: 3))
        try round.bet(seat: 0, segment: 5, chips: 2)
        try round.bet(seat: 0, segment: 6, chips: 3)
        try round.bet(seat: 1, segment: 6, chips: 1)
        #expect(round.settle(on: 5) == [22 - 3, -1, 0])
        #expect(round.result == 5 && !round.isOpen)
    }

    @Test func theSpinComesFromTheSeedAndVerifies() {
        let seed = DealSeed.derived(masterSeed: 3, dealNumber: 4)
        var generator = Xoshiro256StarStar(dealSeed: seed)
        let spin = RouletteWheel.spin(seed: seed, segments: 36)
        #expect(spin == Int(generator.nextBounded(36)) + 1)
        #expect(
            RouletteWheel.verify(
                seed: seed, commitment: seed.commitment, segments: 36, result: spin)
                == .valid)
        let wrong = spin % 36 + 1
        #expect(
            RouletteWheel.verify(
                seed: seed, commitment: seed.commitment, segments: 36, result: wrong)
                == .outcomeMismatch)
        #expect(
            RouletteWheel.verify(
                seed: seed, commitment: String(repeating: "0", count: 64), segments: 36,
                result: spin)
                == .commitmentMismatch)
    }

    @Test func spinsAreUniform() {
        let segments = 12
        var counts = [Int](repeating: 0, count: segments)
        let spins = 24_000
        for spin in 0..<spins {
            let seed = DealSeed.derived(masterSeed: 77, dealNumber: UInt64(spin))
            counts[RouletteWheel.spin(seed: seed, segments: segments) - 1] += 1
        }
        let expected = Double(spins) / Double(segments)
        let chi = counts.reduce(0.0) {
            $0 + (Double($1) - expected) * (Double($1) - expected) / expected
        }
        // 11 degrees of freedom: p = 0.001 at about 31.3.
        #expect(chi < 31.3)
    }

    @Test func everyBetHasAnExpectedValueOfZero() throws {
        for segments in [2, 7, 36] {
            var total = 0
            var squares = 0.0
            let rounds = 20_000
            var rng = Xoshiro256StarStar(seed: UInt64(segments))
            for index in 0..<rounds {
                var round = try RouletteRound(
                    options: RouletteOptions(segments: segments, seats: 1))
                try round.bet(
                    seat: 0, segment: Int(rng.nextBounded(UInt64(segments))) + 1, chips: 1)
                let seed = DealSeed.derived(masterSeed: 5, dealNumber: UInt64(index))
                let net = round.settle(on: RouletteWheel.spin(seed: seed, segments: segments))[0]
                total += net
                squares += Double(net * net)
            }
            // The mean of a bet with variance segments − 1, over 20,000 rounds, within 4 σ.
            let mean = Double(total) / Double(rounds)
            let sigma = (Double(segments - 1) / Double(rounds)).squareRoot()
            #expect(abs(mean) < 4 * sigma, "segments \(segments): mean \(mean)")
            #expect(abs(squares / Double(rounds) - Double(segments - 1)) < Double(segments) * 0.1)
        }
    }

    @Test func botsBetWithinTheLimit() {
        var rng = Xoshiro256StarStar(seed: 2)
        for remaining in [0, 1, 5, 100] {
            for _ in 0..<200 {
                let bets = RouletteBot().chooseBets(segments: 8, remaining: remaining, using: &rng)
                #expect(bets.reduce(0) { $0 + $1.chips } <= remaining)
                #expect(bets.allSatisfy { (1...8).contains($0.segment) && $0.chips >= 1 })
                #expect(remaining == 0 ? bets.isEmpty : !bets.isEmpty)
            }
        }
    }
}
