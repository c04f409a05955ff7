/// Spins the wheel from a ``DealSeed``, as docs/games/roulette.md specifies,
/// and checks a revealed spin.
public enum RouletteWheel {
    /// The winning segment, 1 to `segments`: one plus the first ``RandomNumberGenerator/
    /// nextBounded(_:)`` draw below `segments` of a ``Xoshiro256StarStar`` made from `seed`.
    public static func spin(seed: DealSeed, segments: Int) -> Int {
        var generator = Xoshiro256StarStar(dealSeed: seed)
        return Int(generator.nextBounded(UInt64(segments))) + 1
    }

    /// Checks a revealed seed: its commitment must equal `commitment` (hex, either case) and
    /// it must spin `result` on a wheel of `segments`.
    public static func verify(seed: DealSeed, commitment: String, segments: Int, result: Int)
        -> SeedVerification
    {
        guard seed.commitment == commitment.lowercased() else { return .commitmentMismatch }
        guard RouletteOptions.allowedSegments.contains(segments),
            spin(seed: seed, segments: segments) == result
        else { return .outcomeMismatch }
        return .valid
    }
}
