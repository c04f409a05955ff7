import Testing

@testable import CardGames

/// Statistical checks that seeded deals are uniform. The deals come from a fixed master seed,
/// so each statistic is a fixed number and these tests cannot flake; they fail only if the
/// dealing changes into something biased (the Sattolo control shows such a change is caught).
@Suite struct DealFairnessTests {
    private static let dealCount = 20_000
    private static let masterSeed: UInt64 = 0x0B16_2000

    /// Where cards landed over many deals.
    private struct Tallies {
        /// `cardSeat[card.index][seat]`: how often the card was dealt to the seat (of four).
        var cardSeat = [[Int]](repeating: [Int](repeating: 0, count: 4), count: 52)
        /// `threeOfDiamondsPosition[k]`: how often 3D was at shuffled position `k`.
        var threeOfDiamondsPosition = [Int](repeating: 0, count: 52)

        init(shuffle: (inout [Card], inout Xoshiro256StarStar) -> Void) {
            for deal in 0..<DealFairnessTests.dealCount {
                let seed = DealSeed.derived(
                    masterSeed: DealFairnessTests.masterSeed, dealNumber: UInt64(deal))
                var deck = Card.deck
                var generator = Xoshiro256StarStar(dealSeed: seed)
                shuffle(&deck, &generator)
                for (position, card) in deck.enumerated() {
                    cardSeat[Int(card.index)][position % 4] += 1
                }
                threeOfDiamondsPosition[deck.firstIndex(of: Card(.three, .diamonds))!] += 1
            }
        }
    }

    private static let fair = Tallies { deck, generator in
        fisherYatesShuffle(&deck, using: &generator)
    }

    /// Pearson's statistic for `observed` counts that should all equal `expected`.
    private static func chiSquare(_ observed: [Int], expected: Double) -> Double {
        observed.reduce(0.0) { sum, count in
            let difference = Double(count) - expected
            return sum + difference * difference / expected
        }
    }

    /// Pearson's statistic for the 52×4 card-by-seat table, scaled to follow χ² with
    /// (52 − 1)(4 − 1) = 153 degrees of freedom. Every deal puts each card in exactly one seat
    /// and 13 cards in each seat, so both margins are fixed; under a uniform shuffle one deal's
    /// cells have covariance (52/51)·(1/16)·(I − J/52)⊗(4I − J), which makes the raw statistic
    /// (52/51)·χ²₁₅₃ for many deals. Multiplying by 51/52 removes that factor.
    private static func cardSeatStatistic(_ tallies: Tallies) -> Double {
        let expected = Double(dealCount) / 4
        let raw = tallies.cardSeat.reduce(0.0) { $0 + chiSquare($1, expected: expected) }
        return raw * 51 / 52
    }

    /// χ² critical values at p = 0.001, from scipy.stats.chi2.ppf(0.999, df).
    private static let critical3 = 16.266
    private static let critical51 = 87.968
    private static let critical153 = 212.797

    @Test func everyCardIsEquallyLikelyInEverySeat() {
        let tallies = Self.fair
        for row in tallies.cardSeat {
            #expect(row.reduce(0, +) == Self.dealCount)
        }
        #expect(Self.cardSeatStatistic(tallies) < Self.critical153)
    }

    @Test func threeOfDiamondsIsUniformOverSeatsAndPositions() {
        // 3D decides who leads in Big Two, so check its seat (df 3) and its exact position in
        // the shuffled deck, which fixes both seat and turn within the seat (df 51).
        let tallies = Self.fair
        let seats = tallies.cardSeat[Int(Card(.three, .diamonds).index)]
        #expect(Self.chiSquare(seats, expected: Double(Self.dealCount) / 4) < Self.critical3)
        let positions = tallies.threeOfDiamondsPosition
        #expect(positions.reduce(0, +) == Self.dealCount)
        #expect(
            Self.chiSquare(positions, expected: Double(Self.dealCount) / 52) < Self.critical51)
    }

    @Test func aBiasedShuffleIsDetected() {
        // Sattolo's variant (j < i instead of j <= i) only makes cyclic permutations, so no
        // card ever stays in place: each card avoids one seat slightly. The same test must
        // reject it.
        let biased = Tallies { deck, generator in
            for i in stride(from: deck.count - 1, through: 1, by: -1) {
                deck.swapAt(i, Int(generator.nextBounded(UInt64(i))))
            }
        }
        #expect(Self.cardSeatStatistic(biased) > Self.critical153)
        #expect(biased.threeOfDiamondsPosition[0] == 0)
    }
}
