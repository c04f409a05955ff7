/// The wire names of Swift property names: the same conversion as Foundation's
/// `convertToSnakeCase` (`cardsLeft` → `cards_left`, `URLValue` → `u_rl_value`).
package enum WireKey {
    /// The snake_case form of a camelCase key.
    package static func snakeCase(_ key: String) -> String {
        let utf8 = key.utf8
        if !utf8.contains(where: { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 }) { return key }
        if let simple = utf8.withContiguousStorageIfAvailable(simpleSnakeCase) ?? nil {
            return simple
        }
        if let ascii = utf8.withContiguousStorageIfAvailable(asciiSnakeCase) ?? nil {
            return ascii
        }
        return unicodeSnakeCase(key)
    }

    /// The common case in one pass: ASCII where every capital after the first character is
    /// followed by a lower-case letter or ends the key (`cardsLeft`, `endsU`), so each capital
    /// starts a word of its own. Nil for any other key.
    private static func simpleSnakeCase(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 4)
        for (index, byte) in bytes.enumerated() {
            guard byte < 0x80 else { return nil }
            guard byte >= 0x41, byte <= 0x5A else {
                result.append(byte)
                continue
            }
            if index > 0 {
                if index + 1 < bytes.count, !(0x61...0x7A).contains(bytes[index + 1]) {
                    return nil
                }
                result.append(UInt8(ascii: "_"))
            }
            result.append(byte + 0x20)
        }
        return String(decoding: result, as: UTF8.self)
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
