/// Why a line is not JSON as RFC 8259 defines it; `offset` is the byte where reading stopped.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Equatable, Sendable {
        /// The input ended inside a value.
        case unexpectedEnd
        /// A byte that the grammar does not allow here.
        case unexpectedByte(UInt8)
        /// Something follows the value.
        case trailingData
        /// A comma with nothing after it, before `]` or `}`.
        case trailingComma
        /// A number that breaks the grammar: leading zero, lone `-`, `5.`, `.5`, `1e`.
        case malformedNumber
        /// A number too large for a 64-bit float, such as `1e400`.
        case numberOutOfRange
        /// A raw control character (below U+0020) inside a string.
        case controlCharacterInString
        /// A backslash escape the grammar does not define.
        case invalidEscape
        /// A `\u` escape of half a surrogate pair without its other half.
        case loneSurrogate
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// The same key twice in one object.
        case duplicateKey(String)
        /// Arrays and objects nested deeper than the reader allows.
        case tooDeep
        /// The input is longer than the reader allows.
        case tooLong
    }

    /// What was wrong.
    public let reason: Reason
    /// The byte offset where reading stopped.
    public let offset: Int

    /// Creates an error.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        let what: String
        switch reason {
        case .unexpectedEnd: what = "the line ends inside a value"
        case .unexpectedByte(let byte):
            what =
                (0x21..<0x7F).contains(byte)
                ? "unexpected '\(Character(Unicode.Scalar(byte)))'" : "unexpected byte \(byte)"
        case .trailingData: what = "something follows the object"
        case .trailingComma: what = "a trailing comma"
        case .malformedNumber: what = "a malformed number"
        case .numberOutOfRange: what = "a number out of range"
        case .controlCharacterInString: what = "a raw control character in a string"
        case .invalidEscape: what = "an invalid escape"
        case .loneSurrogate: what = "a lone surrogate escape"
        case .invalidUTF8: what = "bytes that are not UTF-8"
        case .duplicateKey(let key): what = "the key '\(key)' twice"
        case .tooDeep: what = "nesting deeper than \(JSONReader.maximumDepth) levels"
        case .tooLong: what = "more than \(JSONReader.maximumLength) bytes"
        }
        return "\(what) at byte \(offset)"
    }
}
