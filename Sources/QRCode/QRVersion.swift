/// A QR code version (1 to 40) at error correction level M: its size, how its codewords are
/// split into blocks, and where its alignment patterns sit (ISO/IEC 18004, tables 9 and E.1).
struct QRVersion: Sendable, Equatable {
    /// The version number, 1…40.
    let number: Int

    /// The symbols of this encoder are level M: about 15% of the codewords may be lost.
    static let all = (1...40).map(QRVersion.init(number:))

    /// Modules per side.
    var size: Int { 17 + 4 * number }

    /// Error correction codewords per block, and the blocks of each of the two groups as
    /// (count, data codewords per block), for level M.
    private static let blocksM: [(ec: Int, group1: (Int, Int), group2: (Int, Int))] = [
        (10, (1, 16), (0, 0)), (16, (1, 28), (0, 0)), (26, (1, 44), (0, 0)),
        (18, (2, 32), (0, 0)), (24, (2, 43), (0, 0)), (16, (4, 27), (0, 0)),
        (18, (4, 31), (0, 0)), (22, (2, 38), (2, 39)), (22, (3, 36), (2, 37)),
        (26, (4, 43), (1, 44)), (30, (1, 50), (4, 51)), (22, (6, 36), (2, 37)),
        (22, (8, 37), (1, 38)), (24, (4, 40), (5, 41)), (24, (5, 41), (5, 42)),
        (28, (7, 45), (3, 46)), (28, (10, 46), (1, 47)), (26, (9, 43), (4, 44)),
        (26, (3, 44), (11, 45)), (26, (3, 41), (13, 42)), (26, (17, 42), (0, 0)),
        (28, (17, 46), (0, 0)), (28, (4, 47), (14, 48)), (28, (6, 45), (14, 46)),
        (28, (8, 47), (13, 48)), (28, (19, 46), (4, 47)), (28, (22, 45), (3, 46)),
        (28, (3, 45), (23, 46)), (28, (21, 45), (7, 46)), (28, (19, 47), (10, 48)),
        (28, (2, 46), (29, 47)), (28, (10, 46), (23, 47)), (28, (14, 46), (21, 47)),
        (28, (14, 46), (23, 47)), (28, (12, 47), (26, 48)), (28, (6, 47), (34, 48)),
        (28, (29, 46), (14, 47)), (28, (13, 46), (32, 47)), (28, (40, 47), (7, 48)),
        (28, (18, 47), (31, 48)),
    ]

    /// Error correction codewords in each block.
    var ecPerBlock: Int { Self.blocksM[number - 1].ec }

    /// The data codewords of each block, in order (the shorter blocks first).
    var dataBlockLengths: [Int] {
        let entry = Self.blocksM[number - 1]
        return Array(repeating: entry.group1.1, count: entry.group1.0)
            + Array(repeating: entry.group2.1, count: entry.group2.0)
    }

    /// Data codewords the symbol holds.
    var dataCodewords: Int { dataBlockLengths.reduce(0, +) }

    /// Every codeword, data and error correction.
    var totalCodewords: Int { dataCodewords + ecPerBlock * dataBlockLengths.count }

    /// The bits of the byte-mode character count: 8 up to version 9, 16 from version 10.
    var countBits: Int { number < 10 ? 8 : 16 }

    /// The most bytes a byte-mode segment of this version holds.
    var byteCapacity: Int {
        let bits = dataCodewords * 8 - 4 - countBits
        return min(bits / 8, (1 << countBits) - 1)
    }

    /// The row and column centres of the alignment patterns (none for version 1).
    var alignmentCentres: [Int] {
        Self.alignment[number - 1]
    }

    private static let alignment: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46],
        [6, 28, 50], [6, 30, 54], [6, 32, 58], [6, 34, 62], [6, 26, 46, 66], [6, 26, 48, 70],
        [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86], [6, 34, 62, 90],
        [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122], [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130],
        [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138], [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146], [6, 30, 54, 78, 102, 126, 150],
        [6, 24, 50, 76, 102, 128, 154], [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166],
        [6, 30, 58, 86, 114, 142, 170],
    ]

    /// The smallest version whose byte-mode segment holds `count` bytes, if any.
    static func smallest(holding count: Int) -> QRVersion? {
        all.first { $0.byteCapacity >= count }
    }
}
