/// Appends JSON text to a byte buffer, formatted exactly as the wire's Foundation encoder
/// formats it: strings with `\"`, `\\`, `\b \t \n \f \r` and `\u00xx` for other control
/// characters, slashes and non-ASCII unescaped; whole doubles without `.0`.
///
/// The small writers are inlinable: the server's journal writes a line at every move from
/// another module, where a generic `appendInteger` would otherwise run unspecialized.
public struct JSONOutput: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8] = []

    /// An empty output with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends one byte as it stands.
    @inlinable
    public mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends ASCII text as it stands (keys without escapes, punctuation, literals).
    @inlinable
    public mutating func appendRaw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends text that needs no escaping, made at run time.
    public mutating func appendUnescaped(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `true` or `false`.
    @inlinable
    public mutating func appendBool(_ value: Bool) {
        if value { appendRaw("true") } else { appendRaw("false") }
    }

    /// Appends an integer of at most 64 bits in decimal.
    @inlinable
    public mutating func appendInteger(_ value: some FixedWidthInteger) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// Appends a finite number, a whole one without `.0`.
    public mutating func appendDouble(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        appendUnescaped(text)
    }

    /// Appends a quoted, escaped string.
    public mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                else { continue }
                if runStart < index {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                }
                appendEscape(byte)
                runStart = index + 1
            }
            if runStart < utf8.count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            let hex: StaticString = "0123456789abcdef"
            appendRaw("u00")
            bytes.append(hex.utf8Start[Int(byte >> 4)])
            bytes.append(hex.utf8Start[Int(byte & 0xF)])
        }
    }
}
