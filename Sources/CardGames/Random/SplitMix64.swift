/// SplitMix64, the small 64-bit generator of Steele, Lea and Flood as published by Vigna.
///
/// Its main use here is turning one 64-bit seed into the four state words of
/// ``Xoshiro256StarStar``, as the xoshiro authors recommend. It is not cryptographically secure.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`; any value, zero included, is allowed.
    public init(seed: UInt64) {
        state = seed
    }

    /// Advances the state by the golden-ratio increment and returns the mixed state.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
