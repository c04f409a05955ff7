/// A JSON value as read by `JSONReader`: exactly what RFC 8259 allows, nothing more.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    /// An object; its keys are unique (a repeated key is a syntax error).
    case object([String: JSONValue])

    /// The object's members, or nil when the value is not an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// A word for the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// A JSON number: its text as written and its value as a finite `Double`.
public struct JSONNumber: Equatable, Sendable, CustomStringConvertible {
    /// The number as written in the input.
    public let text: String
    /// The number's value (always finite: a number out of range is a syntax error).
    public let value: Double

    /// The largest magnitude a number written with a fraction or exponent may have and still
    /// be read as an integer: beyond it a `Double` no longer holds every integer exactly.
    static let exactIntegerLimit = 9_007_199_254_740_992.0

    /// The number as an `Int`, when it is a whole number in range: `5`, `-3`, also `5.0` or
    /// `1e2`; nil for `0.5` or a whole number too large for `Int`.
    public var intValue: Int? {
        if let exact = Int(text) { return exact }
        guard value.rounded(.towardZero) == value, abs(value) <= Self.exactIntegerLimit,
            !text.allSatisfy({ $0 == "-" || $0.isNumber })
        else { return nil }
        return Int(value)
    }

    public var description: String { text }
}
