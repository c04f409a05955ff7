/// Writes WebSocket frames (RFC 6455 §5.2): the shortest length form for the payload, and
/// for a client the masking key and the masked payload.
public enum WebSocketFrameEncoder {
    /// The longest header: 2 bytes, a 64-bit length and a masking key.
    public static let maxHeaderBytes = 14

    /// Appends one frame carrying `payload` to `output`. With `maskKey` (a client's frames)
    /// the key is written and the payload masked with it.
    public static func append(
        _ opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer, fin: Bool = true,
        maskKey: (UInt8, UInt8, UInt8, UInt8)? = nil, to output: inout [UInt8]
    ) {
        appendHeader(opcode, length: payload.count, fin: fin, maskKey: maskKey, to: &output)
        let start = output.count
        output.append(contentsOf: payload)
        guard let maskKey else { return }
        output.withUnsafeMutableBytes { all in
            _ = WebSocketMask.apply(maskKey, to: UnsafeMutableRawBufferPointer(rebasing: all[start...]))
        }
    }

    /// Appends a frame header for a payload of `length` bytes.
    public static func appendHeader(
        _ opcode: WebSocketOpcode, length: Int, fin: Bool = true,
        maskKey: (UInt8, UInt8, UInt8, UInt8)? = nil, to output: inout [UInt8]
    ) {
        precondition(length >= 0, "a payload length is never negative")
        output.append((fin ? 0x80 : 0) | opcode.rawValue)
        let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
        switch length {
        case 0...125:
            output.append(maskBit | UInt8(length))
        case 126...0xFFFF:
            output.append(maskBit | 126)
            output.append(UInt8(truncatingIfNeeded: length >> 8))
            output.append(UInt8(truncatingIfNeeded: length))
        default:
            output.append(maskBit | 127)
            let wide = UInt64(length)
            for shift in stride(from: 56, through: 0, by: -8) {
                output.append(UInt8(truncatingIfNeeded: wide >> UInt64(shift)))
            }
        }
        if let maskKey {
            output.append(contentsOf: [maskKey.0, maskKey.1, maskKey.2, maskKey.3])
        }
    }

    /// The payload of a close frame: the code, big-endian, then the reason cut to fit the
    /// 125 bytes of a control frame (at a character boundary).
    public static func closePayload(_ code: WebSocketCloseCode, reason: String = "") -> [UInt8] {
        var payload = [UInt8(truncatingIfNeeded: code.rawValue >> 8), UInt8(truncatingIfNeeded: code.rawValue)]
        var room = 123
        for scalar in reason.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            guard bytes.count <= room else { break }
            payload += bytes
            room -= bytes.count
        }
        return payload
    }
}
