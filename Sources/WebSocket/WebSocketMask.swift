/// The XOR masking of RFC 6455 §5.3, which a client applies to every frame it sends and a
/// server undoes. Applying it twice gives the bytes back.
public enum WebSocketMask {
    /// XORs `bytes` in place with `key` (its four bytes in wire order), starting at byte
    /// `phase` of the key; returns the phase for the bytes that follow.
    @discardableResult
    public static func apply(
        _ key: (UInt8, UInt8, UInt8, UInt8), to bytes: UnsafeMutableRawBufferPointer,
        phase: Int = 0
    ) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return phase }
        let keyBytes = [key.0, key.1, key.2, key.3]
        var index = 0
        var phase = phase & 3
        // Byte by byte up to a key boundary, then eight bytes at a time.
        while index < bytes.count, phase != 0 {
            base.storeBytes(
                of: base.load(fromByteOffset: index, as: UInt8.self) ^ keyBytes[phase],
                toByteOffset: index, as: UInt8.self)
            index += 1
            phase = (phase + 1) & 3
        }
        let word = UInt64(
            littleEndian: UInt64(key.0) | UInt64(key.1) << 8 | UInt64(key.2) << 16
                | UInt64(key.3) << 24 | UInt64(key.0) << 32 | UInt64(key.1) << 40
                | UInt64(key.2) << 48 | UInt64(key.3) << 56)
        while index + 8 <= bytes.count {
            let masked = (base + index).loadUnaligned(as: UInt64.self) ^ word
            (base + index).storeBytes(of: masked, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            base.storeBytes(
                of: base.load(fromByteOffset: index, as: UInt8.self) ^ keyBytes[phase],
                toByteOffset: index, as: UInt8.self)
            index += 1
            phase = (phase + 1) & 3
        }
        return phase
    }
}
