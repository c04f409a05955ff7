import Testing

@testable import CardGames

@Suite struct SplitMix64Tests {
    @Test func matchesPublishedOutputsForSeed1234567() {
        var generator = SplitMix64(seed: 1_234_567)
        let expected: [UInt64] = [
            6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
        ]
        for value in expected {
            #expect(generator.next() == value)
        }
    }

    @Test func matchesReferenceOutputsForALargeSeed() {
        // From the reference tests of the Rust rand_xoshiro crate.
        var generator = SplitMix64(seed: 1_477_776_061_723_855_037)
        let expected: [UInt64] = [
            1_985_237_415_132_408_290, 2_979_275_885_539_914_483, 13_511_426_838_097_143_398,
            8_488_337_342_461_049_707, 15_141_737_807_933_549_159,
        ]
        for value in expected {
            #expect(generator.next() == value)
        }
    }

    @Test func seedZeroIsAllowedAndMixed() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func sameSeedRepeatsAndOtherSeedsDiffer() {
        var first = SplitMix64(seed: 99)
        var second = SplitMix64(seed: 99)
        var other = SplitMix64(seed: 100)
        let a = (0..<100).map { _ in first.next() }
        let b = (0..<100).map { _ in second.next() }
        let c = (0..<100).map { _ in other.next() }
        #expect(a == b)
        #expect(a != c)
    }
}
