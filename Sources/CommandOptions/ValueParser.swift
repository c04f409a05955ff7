/// Reads the text given to an option (on the command line or in an environment variable) as a
/// typed value, and shows a value again for the usage text.
public struct ValueParser<Value: Sendable>: Sendable {
    /// The word standing for the value in the usage text, e.g. `N` or `LEVEL`.
    public let placeholder: String
    /// What a valid value looks like, finishing "… must be": e.g. `one of json, text`.
    public let expectation: String
    /// The words a value may be, for a choice of words (listed in the usage text); else nil.
    public let words: [String]?
    private let read: @Sendable (String) -> Value?
    private let show: @Sendable (Value) -> String

    /// A parser from its parts: `read` returns nil for text that is not a valid value.
    public init(
        placeholder: String, expectation: String, words: [String]? = nil,
        read: @escaping @Sendable (String) -> Value?, show: @escaping @Sendable (Value) -> String
    ) {
        self.placeholder = placeholder
        self.expectation = expectation
        self.words = words
        self.read = read
        self.show = show
    }

    /// The value written as `text`, or nil when it is not valid.
    public func parse(_ text: String) -> Value? { read(text) }

    /// `value` as the usage text shows it.
    public func text(of value: Value) -> String { show(value) }

    /// A parser of another type: `forward` converts each parsed value, `back` converts a
    /// value for display.
    public func map<Other: Sendable>(
        _ forward: @escaping @Sendable (Value) -> Other, back: @escaping @Sendable (Other) -> Value
    ) -> ValueParser<Other> {
        let read = self.read
        let show = self.show
        return ValueParser<Other>(
            placeholder: placeholder, expectation: expectation, words: words,
            read: { text in read(text).map(forward) }, show: { show(back($0)) })
    }
}

extension ValueParser where Value == Int {
    /// A whole number from `minimum` to `maximum`.
    public static func count(_ placeholder: String = "N", minimum: Int = 0, maximum: Int = .max)
        -> ValueParser<Int>
    {
        let expectation =
            maximum == .max
            ? "a whole number ≥ \(minimum)" : "a whole number from \(minimum) to \(maximum)"
        return ValueParser(
            placeholder: placeholder, expectation: expectation,
            read: { text in
                guard let number = Int(text), number >= minimum, number <= maximum else {
                    return nil
                }
                return number
            }, show: { String($0) })
    }
}

extension ValueParser where Value == UInt64 {
    /// A 64-bit seed in decimal, or in hex after `0x`. Negative numbers are not seeds.
    public static func seed(_ placeholder: String = "SEED") -> ValueParser<UInt64> {
        ValueParser(
            placeholder: placeholder, expectation: "a 64-bit number, decimal or 0x hex",
            read: { text in
                let lower = text.lowercased()
                guard lower.hasPrefix("0x") else { return UInt64(lower) }
                let digits = lower.dropFirst(2)
                guard !digits.hasPrefix("+") else { return nil }
                return UInt64(digits, radix: 16)
            }, show: { String($0) })
    }
}

extension ValueParser where Value == String {
    /// Any text but the empty one.
    public static func string(_ placeholder: String) -> ValueParser<String> {
        ValueParser(
            placeholder: placeholder, expectation: "a non-empty \(placeholder.lowercased())",
            read: { $0.isEmpty ? nil : $0 }, show: { $0 })
    }
}

extension ValueParser where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the enum's cases, by its raw value (case-insensitive). The words come from the
    /// enum itself.
    public static func choice(_ placeholder: String) -> ValueParser<Value> {
        let words = Value.allCases.map(\.rawValue)
        return ValueParser(
            placeholder: placeholder, expectation: "one of \(words.joined(separator: ", "))",
            words: words,
            read: { text in
                Value.allCases.first { $0.rawValue.lowercased() == text.lowercased() }
            }, show: { $0.rawValue })
    }
}

extension ValueParser where Value: Equatable {
    /// One of the names of `table` (for named values that are not an enum, such as presets).
    public static func word(_ placeholder: String, in table: [String: Value]) -> ValueParser<Value>
    {
        let words = table.keys.sorted()
        return ValueParser(
            placeholder: placeholder, expectation: "one of \(words.joined(separator: ", "))",
            words: words, read: { table[$0.lowercased()] },
            show: { value in words.first { table[$0] == value } ?? "?" })
    }
}
