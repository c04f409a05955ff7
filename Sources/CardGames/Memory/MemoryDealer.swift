/// Lays out a memory game from a ``DealSeed``, as docs/verify.md (*Memory layouts*)
/// specifies, and checks a revealed layout.
public enum MemoryDealer {
    /// The faces by position: the list `0, 0, 1, 1, …, pairs−1, pairs−1` shuffled by
    /// ``fisherYatesShuffle(_:using:)`` with a ``Xoshiro256StarStar`` made from `seed`.
    public static func layout(seed: DealSeed, pairs: Int) -> [UInt8] {
        var faces = [UInt8](repeating: 0, count: 2 * pairs)
        for index in faces.indices { faces[index] = UInt8(truncatingIfNeeded: index >> 1) }
        var generator = Xoshiro256StarStar(dealSeed: seed)
        fisherYatesShuffle(&faces, using: &generator)
        return faces
    }

    /// Checks a revealed seed: its commitment must equal `commitment` (hex, either case) and
    /// it must lay out exactly `layout`.
    public static func verify(seed: DealSeed, commitment: String, layout: [UInt8])
        -> SeedVerification
    {
        guard seed.commitment == commitment.lowercased() else { return .commitmentMismatch }
        guard layout.count % 2 == 0, MemoryOptions.allowedPairs.contains(layout.count / 2),
            self.layout(seed: seed, pairs: layout.count / 2) == layout
        else { return .outcomeMismatch }
        return .valid
    }

    /// The face's letter: `A` for 0 up to `Z` for 25.
    public static func letter(of face: UInt8) -> String {
        String(Character(Unicode.Scalar(UInt8(ascii: "A") + face)))
    }

    /// The face a letter names (either case), or nil.
    public static func face(of letter: String) -> UInt8? {
        guard let byte = letter.uppercased().utf8.first, letter.utf8.count == 1,
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        else { return nil }
        return byte - UInt8(ascii: "A")
    }
}
