import Testing

@testable import CardGames

@Suite struct FisherYatesTests {
    @Test func drawsFromTheTopDownWithBoundIPlusOne() {
        // i = 3: bound 4, draw 1 -> swap 3,1 gives [0, 3, 2, 1]
        // i = 2: bound 3, draw 3 -> j = 0, swap 2,0 gives [2, 3, 0, 1]
        // i = 1: bound 2, draw 0 -> j = 0, swap 1,0 gives [3, 2, 0, 1]
        var items = [0, 1, 2, 3]
        var generator = ScriptedGenerator([1, 3, 0])
        fisherYatesShuffle(&items, using: &generator)
        #expect(items == [3, 2, 0, 1])
        #expect(generator.drawn == 3)
    }

    @Test func emptyAndSingleArraysDrawNothing() {
        var generator = ScriptedGenerator([])
        var empty: [Int] = []
        var single = [7]
        fisherYatesShuffle(&empty, using: &generator)
        fisherYatesShuffle(&single, using: &generator)
        #expect(empty == [])
        #expect(single == [7])
        #expect(generator.drawn == 0)
    }

    @Test(arguments: [2, 5, 13, 52, 100])
    func isAPermutation(count: Int) {
        for seed in 0..<20 as Range<UInt64> {
            var items = Array(0..<count)
            var generator = Xoshiro256StarStar(seed: seed)
            fisherYatesShuffle(&items, using: &generator)
            #expect(items.sorted() == Array(0..<count))
        }
    }

    @Test func sameSeedGivesSameOrderAndOtherSeedsDiffer() {
        func shuffled(seed: UInt64) -> [Int] {
            var items = Array(0..<52)
            var generator = Xoshiro256StarStar(seed: seed)
            fisherYatesShuffle(&items, using: &generator)
            return items
        }
        #expect(shuffled(seed: 11) == shuffled(seed: 11))
        #expect(shuffled(seed: 11) != shuffled(seed: 12))
        #expect(shuffled(seed: 11) != Array(0..<52))
    }

    @Test func allOrdersOfFourItemsAreEquallyLikely() {
        // 24,000 shuffles of 4 items: each of the 24 orders is expected 1,000 times. Pearson
        // chi-square with 23 degrees of freedom; 49.728 is its critical value at p = 0.001
        // (computed with scipy.stats.chi2.ppf(0.999, 23)). Seeded, so the outcome is fixed.
        let shuffles = 24_000
        var counts: [[Int]: Int] = [:]
        var generator = Xoshiro256StarStar(seed: 2024)
        for _ in 0..<shuffles {
            var items = [0, 1, 2, 3]
            fisherYatesShuffle(&items, using: &generator)
            counts[items, default: 0] += 1
        }
        #expect(counts.count == 24)
        let expected = Double(shuffles) / 24
        let statistic = counts.values.reduce(0.0) { sum, observed in
            let difference = Double(observed) - expected
            return sum + difference * difference / expected
        }
        #expect(statistic < 49.728)
    }
}
