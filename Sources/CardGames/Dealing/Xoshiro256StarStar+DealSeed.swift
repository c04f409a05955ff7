extension Xoshiro256StarStar {
    /// The generator for one deal: state word `i` is seed bytes `8i ..< 8i+8` read
    /// little-endian. A ``DealSeed`` is never all zero, so the state is valid.
    public init(dealSeed: DealSeed) {
        let bytes = dealSeed.bytes
        func word(_ index: Int) -> UInt64 {
            var value: UInt64 = 0
            for offset in (0..<8).reversed() {
                value = value << 8 | UInt64(bytes[8 * index + offset])
            }
            return value
        }
        self.init(state: (word(0), word(1), word(2), word(3)))
    }
}
