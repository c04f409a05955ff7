import Testing

@testable import CardGames

/// A generator that returns a fixed script of values and counts how many it handed out.
struct ScriptedGenerator: RandomNumberGenerator {
    var values: [UInt64]
    var drawn = 0

    init(_ values: [UInt64]) { self.values = values }

    mutating func next() -> UInt64 {
        precondition(drawn < values.count, "script exhausted")
        defer { drawn += 1 }
        return values[drawn]
    }
}

@Suite struct BoundedRandomTests {
    @Test(arguments: [1, 2, 3, 7, 52, 1 << 40, (1 << 63) + 1, UInt64.max] as [UInt64])
    func staysBelowTheBound(bound: UInt64) {
        var generator = Xoshiro256StarStar(seed: bound)
        for _ in 0..<2_000 {
            #expect(generator.nextBounded(bound) < bound)
        }
    }

    @Test func reachesEveryValueBelow52() {
        var generator = Xoshiro256StarStar(seed: 52)
        var seen = Set<UInt64>()
        for _ in 0..<2_000 {
            seen.insert(generator.nextBounded(52))
        }
        #expect(seen == Set(0..<52))
    }

    @Test func boundOfOneAlwaysGivesZero() {
        var generator = Xoshiro256StarStar(seed: 1)
        for _ in 0..<100 {
            #expect(generator.nextBounded(1) == 0)
        }
    }

    @Test func rejectsDrawsBelowTheThreshold() {
        // n = 2^63 + 1: threshold = (2^64 - n) mod n = 2^63 - 1, so the first three draws are
        // rejected and the fourth, 2^63 + 6, gives (2^63 + 6) mod n = 5.
        let bound: UInt64 = (1 << 63) + 1
        var generator = ScriptedGenerator([0, 5, (1 << 63) - 2, (1 << 63) + 6])
        #expect(generator.nextBounded(bound) == 5)
        #expect(generator.drawn == 4)
    }

    @Test func rejectsZeroForBoundThree() {
        // 2^64 mod 3 = 1, so the threshold is 1: only a draw of 0 is rejected.
        var generator = ScriptedGenerator([0, 0, 4])
        #expect(generator.nextBounded(3) == 1)
        #expect(generator.drawn == 3)
    }

    @Test func acceptsTheThresholdItself() {
        // For n = 52 the threshold is 2^64 mod 52 = 16; 16 is accepted, 15 is not.
        var generator = ScriptedGenerator([15, 16])
        #expect(generator.nextBounded(52) == 16)
        #expect(generator.drawn == 2)
    }

    @Test func powersOfTwoNeverReject() {
        var generator = ScriptedGenerator([0, 13])
        #expect(generator.nextBounded(8) == 0)
        #expect(generator.nextBounded(8) == 5)
        #expect(generator.drawn == 2)
    }

    @Test func worksWithTheSystemGenerator() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            #expect(generator.nextBounded(13) < 13)
        }
    }
}
