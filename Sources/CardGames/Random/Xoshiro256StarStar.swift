/// xoshiro256** 1.0 by Blackman and Vigna: a fast generator with 256 bits of state.
///
/// Dealing draws every shuffle from this generator, so its output must match the published
/// reference implementation bit for bit; docs/verify.md restates the
/// algorithm for ports. It is not cryptographically secure: deal fairness rests on the seed
/// being secret until the deal ends, not on the generator.
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable, Hashable, Codable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator starting from exactly these four state words.
    ///
    /// - Precondition: at least one word is non-zero (the all-zero state never leaves zero).
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        precondition(
            state.0 | state.1 | state.2 | state.3 != 0,
            "xoshiro256** state must not be all zero")
        (s0, s1, s2, s3) = state
    }

    /// A generator whose state is four consecutive outputs of ``SplitMix64`` seeded with `seed`,
    /// the seeding the xoshiro authors recommend.
    public init(seed: UInt64) {
        var mixer = SplitMix64(seed: seed)
        // Four consecutive SplitMix64 outputs are never all zero: its output function is a
        // bijection applied to four distinct counter values, so at most one of them is zero.
        self.init(state: (mixer.next(), mixer.next(), mixer.next(), mixer.next()))
    }

    /// The four state words, in the order `init(state:)` takes them.
    var state: (UInt64, UInt64, UInt64, UInt64) { (s0, s1, s2, s3) }

    /// Returns `rotl(s1 * 5, 7) * 9` and advances the state by one step.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, by: 7) &* 9
        let shifted = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= shifted
        s3 = rotateLeft(s3, by: 45)
        return result
    }

    /// Advances the state as far as 2^128 calls to ``next()`` would, using the authors'
    /// published jump polynomial. Generators that jump apart from one seed give
    /// non-overlapping streams.
    public mutating func jump() {
        var (j0, j1, j2, j3): (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for word in Self.jumpPolynomial {
            for bit in 0..<64 {
                if word & (1 << UInt64(bit)) != 0 {
                    j0 ^= s0
                    j1 ^= s1
                    j2 ^= s2
                    j3 ^= s3
                }
                _ = next()
            }
        }
        (s0, s1, s2, s3) = (j0, j1, j2, j3)
    }

    /// The coefficients of the jump polynomial, lowest bit first, from the reference code.
    private static let jumpPolynomial: [UInt64] = [
        0x180E_C6D3_3CFD_0ABA, 0xD5A6_1266_F0C9_392C, 0xA958_2618_E03F_C9AA, 0x39AB_DC45_29B1_661C,
    ]

    private func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }
}
