extension RandomNumberGenerator {
    /// A uniformly distributed value in `0..<upperBound`, without modulo bias.
    ///
    /// The method is chosen to be easy to port, and docs/verify.md documents it for re-dealing:
    /// `threshold = (2^64 - n) mod n`; draw `r = next()` until `r >= threshold`; return
    /// `r mod n`. The accepted range `threshold...2^64-1` holds a multiple of `n` values, so
    /// every residue is equally likely. For a deck (`n <= 52`) a draw is rejected with
    /// probability below 2^-58.
    ///
    /// - Precondition: `upperBound > 0`.
    public mutating func nextBounded(_ upperBound: UInt64) -> UInt64 {
        precondition(upperBound > 0, "nextBounded needs a positive upper bound")
        let threshold = (0 &- upperBound) % upperBound
        while true {
            let value = next()
            if value >= threshold {
                return value % upperBound
            }
        }
    }
}
