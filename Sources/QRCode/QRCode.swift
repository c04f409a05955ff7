/// A QR code symbol (ISO/IEC 18004) holding bytes in byte mode at error correction level M,
/// in the smallest version (1 to 40) that holds them.
///
/// It is what the server shows so that a phone can open its address: printed in the
/// terminal at start-up and drawn by the web page. Pure: no I/O.
public struct QRCode: Sendable, Equatable {
    /// The version, 1…40.
    public let version: Int
    /// The data mask chosen (0…7): the one with the lowest penalty score.
    public let mask: Int
    /// Modules per side (21 for version 1, four more per version).
    public let size: Int
    /// The modules, row by row from the top left; true is dark.
    public let modules: [Bool]

    /// The symbol for `bytes`, with the mask of lowest penalty (or the mask given, for tests
    /// that compare symbols made under one mask).
    public init(bytes: [UInt8], mask forcedMask: Int? = nil) throws(QRCodeError) {
        guard let version = QRVersion.smallest(holding: bytes.count) else {
            throw .tooLong(bytes: bytes.count, maximum: QRVersion.all.last!.byteCapacity)
        }
        let codewords = Self.codewords(for: bytes, version: version)
        var matrix = QRMatrix(version: version)
        matrix.placeData(codewords)
        let masks = forcedMask.map { [$0] } ?? Array(0..<8)
        var best: (penalty: Int, mask: Int, matrix: QRMatrix)?
        for mask in masks {
            var candidate = matrix
            candidate.apply(mask: mask)
            let penalty = candidate.penalty
            if best == nil || penalty < best!.penalty { best = (penalty, mask, candidate) }
        }
        self.version = version.number
        self.mask = best!.mask
        self.size = version.size
        self.modules = best!.matrix.dark
    }

    /// The symbol for a string, encoded as UTF-8.
    public init(text: String) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// True when the module at column `x`, row `y` is dark.
    public func isDark(x: Int, y: Int) -> Bool {
        modules[y * size + x]
    }

    /// The data and error correction codewords in the order they are placed: the byte-mode
    /// segment, the terminator and padding, split into blocks, each block's error correction
    /// added, and the blocks interleaved.
    static func codewords(for bytes: [UInt8], version: QRVersion) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)  // byte mode
        bits.append(bytes.count, count: version.countBits)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = version.dataCodewords * 8
        bits.append(0, count: min(4, capacity - bits.count))  // terminator
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < version.dataCodewords {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        var blocks: [[UInt8]] = []
        var start = 0
        for length in version.dataBlockLengths {
            blocks.append(Array(data[start..<start + length]))
            start += length
        }
        let corrections = blocks.map { ReedSolomon.remainder(of: $0, degree: version.ecPerBlock) }
        var result: [UInt8] = []
        result.reserveCapacity(version.totalCodewords)
        for i in 0..<(blocks.map(\.count).max() ?? 0) {
            for block in blocks where i < block.count { result.append(block[i]) }
        }
        for i in 0..<version.ecPerBlock {
            for correction in corrections { result.append(correction[i]) }
        }
        return result
    }
}

/// Bits appended most significant first, read back as bytes.
struct BitBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func append(_ value: Int, count bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(count % 8) }
            count += 1
        }
    }
}
