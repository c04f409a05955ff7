import Testing

@testable import CardGames

@Suite struct DealSeedTests {
    private let countingBytes: [UInt8] = (0..<32).map { UInt8($0) }
    private let countingHex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"

    @Test func acceptsExactly32BytesNotAllZero() throws {
        #expect(DealSeed(bytes: countingBytes)?.bytes == countingBytes)
        #expect(DealSeed(bytes: Array(countingBytes.dropLast())) == nil)
        #expect(DealSeed(bytes: countingBytes + [0]) == nil)
        #expect(DealSeed(bytes: []) == nil)
        #expect(DealSeed(bytes: [UInt8](repeating: 0, count: 32)) == nil)
        var single = [UInt8](repeating: 0, count: 32)
        single[31] = 1
        #expect(DealSeed(bytes: single) != nil)
    }

    @Test func hexRoundTripsAndAcceptsUpperCase() throws {
        let seed = try #require(DealSeed(hex: countingHex))
        #expect(seed.bytes == countingBytes)
        #expect(seed.hex == countingHex)
        #expect(seed.description == countingHex)
        #expect(DealSeed(hex: countingHex.uppercased()) == seed)
    }

    @Test(arguments: [
        "",
        String(repeating: "0", count: 63) + "1" + "0",
        String(repeating: "a", count: 63),
        String(repeating: "a", count: 62) + "g1",
        String(repeating: "a", count: 62) + " 1",
        String(repeating: "a", count: 62) + "é",
        String(repeating: "0", count: 64),
    ])
    func rejectsBadHex(text: String) {
        #expect(DealSeed(hex: text) == nil)
    }

    @Test func commitmentIsSHA256OfTheRawBytes() throws {
        let seed = try #require(DealSeed(hex: countingHex))
        #expect(
            seed.commitment == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd")
        #expect(seed.commitment == SHA256.hex(SHA256.hash(countingBytes)))
        #expect(seed.commitment != SHA256.hexDigest(countingHex))
    }

    @Test func derivedSeedsHashMasterSeedThenDealNumberLittleEndian() {
        #expect(
            DealSeed.derived(masterSeed: 0, dealNumber: 0).hex
                == "374708fff7719dd5979ec875d56cd2286f6d3cf7ec317a3b25632aab28ec37bb")
        #expect(
            DealSeed.derived(masterSeed: 42, dealNumber: 1).hex
                == "c953b283023f000d3b5411c5967055f5dfecc6c0d0082ae2b3b926a389a4841b")
        let message: [UInt8] = [42, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
        #expect(DealSeed.derived(masterSeed: 42, dealNumber: 1).bytes == SHA256.hash(message))
    }

    @Test func derivedSeedsDifferPerDealAndPerMaster() {
        let seeds = Set(
            (0..<100 as Range<UInt64>).map { DealSeed.derived(masterSeed: 7, dealNumber: $0) })
        #expect(seeds.count == 100)
        #expect(
            DealSeed.derived(masterSeed: 7, dealNumber: 1)
                != DealSeed.derived(masterSeed: 1, dealNumber: 7))
    }

    @Test func randomSeedsAreValidAndDistinct() {
        let seeds = (0..<50).map { _ in DealSeed.random() }
        #expect(Set(seeds).count == 50)
        for seed in seeds {
            #expect(seed.bytes.count == 32)
            #expect(DealSeed(hex: seed.hex) == seed)
        }
    }
}
