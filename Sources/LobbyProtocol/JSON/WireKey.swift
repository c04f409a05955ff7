/// The wire names of Swift property names: the same conversion as Foundation's
/// `convertToSnakeCase` (`cardsLeft` → `cards_left`, `URLValue` → `u_rl_value`).
enum WireKey {
    /// The snake_case form of a camelCase key.
    static func snakeCase(_ key: String) -> String {
        let utf8 = key.utf8
        if !utf8.contains(where: { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 }) { return key }
        if let ascii = utf8.withContiguousStorageIfAvailable(asciiSnakeCase) ?? nil {
            return ascii
        }
        return unicodeSnakeCase(key)
    }

    /// Words start at an upper-case letter; a run of capitals followed by a lower-case letter
    /// is a word up to the capital before that letter. Nil when the key is not ASCII.
    private static func asciiSnakeCase(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        let isUpper = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A }
        let isLower = { (byte: UInt8) in byte >= 0x61 && byte <= 0x7A }
        return wordBoundaries(count: bytes.count, isUpper: { isUpper(bytes[$0]) },
            isLower: { isLower(bytes[$0]) }
        ).map { range in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                .lowercased()
        }.joined(separator: "_")
    }

    private static func unicodeSnakeCase(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        let isUpper = { (scalar: Unicode.Scalar) in
            scalar.properties.generalCategory == .uppercaseLetter
                || scalar.properties.generalCategory == .titlecaseLetter
        }
        return wordBoundaries(count: scalars.count, isUpper: { isUpper(scalars[$0]) },
            isLower: { scalars[$0].properties.generalCategory == .lowercaseLetter }
        ).map { range in
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            return String(word).lowercased()
        }.joined(separator: "_")
    }

    /// Splits positions `0..<count` into words, as Foundation does.
    private static func wordBoundaries(
        count: Int, isUpper: (Int) -> Bool, isLower: (Int) -> Bool
    ) -> [Range<Int>] {
        guard count > 0 else { return [] }
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        while let upper = (searchStart..<count).first(where: isUpper) {
            words.append(wordStart..<upper)
            guard let lower = (upper..<count).first(where: isLower) else {
                wordStart = upper
                searchStart = count
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        words.append(wordStart..<count)
        return words
    }
}
