extension RandomNumberGenerator {
    /// The index of a uniformly random set bit of `mask`, drawn with ``nextBounded(_:)``
    /// (the draw picks which set bit, counting from the lowest).
    ///
    /// - Precondition: `mask` is not zero.
    public mutating func nextSetBit<T: FixedWidthInteger & UnsignedInteger>(of mask: T) -> Int {
        precondition(mask != 0, "no bit to choose from")
        var rest = mask
        for _ in 0..<Int(nextBounded(UInt64(mask.nonzeroBitCount))) { rest &= rest - 1 }
        return rest.trailingZeroBitCount
    }

    /// True with probability `probability`, from the top 53 bits of one draw.
    public mutating func nextChance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1p-53 < probability
    }
}
