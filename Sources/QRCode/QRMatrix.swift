/// The modules of one symbol while it is built: the function patterns (finders, separators,
/// timing, alignment, dark module, format and version areas), the data placed around them,
/// the mask, and the penalty score by which masks are chosen.
struct QRMatrix: Sendable {
    let version: QRVersion
    let size: Int
    /// True for a dark module, row by row.
    var dark: [Bool]
    /// True where a function pattern sits: data and masks leave those modules alone.
    private(set) var reserved: [Bool]

    init(version: QRVersion) {
        self.version = version
        size = version.size
        dark = Array(repeating: false, count: size * size)
        reserved = Array(repeating: false, count: size * size)
        drawFunctionPatterns()
    }

    private mutating func set(_ x: Int, _ y: Int, _ isDark: Bool) {
        dark[y * size + x] = isDark
        reserved[y * size + x] = true
    }

    func isReserved(_ x: Int, _ y: Int) -> Bool { reserved[y * size + x] }

    private mutating func drawFunctionPatterns() {
        for i in 0..<size {  // timing patterns, under everything else
            set(6, i, i % 2 == 0)
            set(i, 6, i % 2 == 0)
        }
        drawFinder(centreX: 3, centreY: 3)
        drawFinder(centreX: size - 4, centreY: 3)
        drawFinder(centreX: 3, centreY: size - 4)
        let centres = version.alignmentCentres
        for y in centres {
            for x in centres {
                // None over a finder: the three corners where a finder sits.
                let nearFinder =
                    (x == 6 && y == 6) || (x == 6 && y == size - 7)
                    || (x == size - 7 && y == 6)
                if !nearFinder { drawAlignment(centreX: x, centreY: y) }
            }
        }
        drawFormat(bits: 0)  // reserves the areas; the mask's bits go in later
        if version.number >= 7 { drawVersion() }
    }

    /// A finder: a 7×7 ring, a 3×3 centre, and a light separator around it.
    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx, y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                set(x, y, ring != 2 && ring != 4)
            }
        }
    }

    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(centreX + dx, centreY + dy, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// The 15 format bits for level M and a mask: 5 data bits, 10 BCH bits, and the fixed
    /// XOR pattern 101010000010010.
    static func formatBits(mask: Int) -> Int {
        let data = 0b00 << 3 | mask  // level M is 00
        return (data << 10 | bchRemainder(data, generator: 0x537, degree: 10)) ^ 0x5412
    }

    /// The 18 version bits: 6 bits of the version and 12 BCH bits.
    static func versionBits(_ number: Int) -> Int {
        number << 12 | bchRemainder(number, generator: 0x1F25, degree: 12)
    }

    /// The remainder of `data · x^degree` divided by `generator`, over GF(2).
    private static func bchRemainder(_ data: Int, generator: Int, degree: Int) -> Int {
        var value = data << degree
        var shift = value.bitWidth - value.leadingZeroBitCount - 1
        while shift >= degree {
            if value & (1 << shift) != 0 { value ^= generator << (shift - degree) }
            shift -= 1
        }
        return value
    }

    /// Draws the format bits twice: around the top-left finder, and split between the other
    /// two; plus the dark module beside the bottom-left finder.
    mutating func drawFormat(bits: Int) {
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { set(8, i, bit(i)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for i in 9..<15 { set(14 - i, 8, bit(i)) }
        for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
        set(8, size - 8, true)
    }

    /// Draws the version bits in the two 6×3 blocks beside the top-right and bottom-left
    /// finders (version 7 and up).
    private mutating func drawVersion() {
        let bits = Self.versionBits(version.number)
        for i in 0..<18 {
            let isDark = (bits >> i) & 1 == 1
            let a = size - 11 + i % 3, b = i / 3
            set(a, b, isDark)
            set(b, a, isDark)
        }
    }

    /// Places the codewords' bits, most significant first, in two-module columns from the
    /// bottom right, going up and down in turn and skipping the vertical timing pattern;
    /// modules left over (the remainder bits) stay light.
    mutating func placeData(_ codewords: [UInt8]) {
        let totalBits = codewords.count * 8
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = ((right + 1) & 2) == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !isReserved(x, y) {
                    if index < totalBits {
                        dark[y * size + x] =
                            (codewords[index >> 3] >> UInt8(7 - (index & 7))) & 1 == 1
                        index += 1
                    }
                }
            }
            right -= 2
        }
    }

    /// Whether mask pattern `mask` flips the module at (x, y) (ISO/IEC 18004 table 10, with
    /// i the row and j the column).
    static func masks(_ mask: Int, x j: Int, y i: Int) -> Bool {
        switch mask {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }

    /// Flips the data modules under a mask and writes that mask's format bits.
    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isReserved(x, y) && Self.masks(mask, x: x, y: y) {
                dark[y * size + x].toggle()
            }
        }
        drawFormat(bits: Self.formatBits(mask: mask))
    }

    /// The penalty score of the symbol as it is (ISO/IEC 18004 section 7.8.3): runs of five
    /// or more alike in a row or column, 2×2 blocks alike, finder-like 1:1:3:1:1 patterns with
    /// four light modules on one side, and the distance of the dark share from half.
    var penalty: Int {
        var score = 0
        for line in 0..<size {
            score += linePenalty { dark[line * size + $0] }
            score += linePenalty { dark[$0 * size + line] }
        }
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let colour = dark[y * size + x]
                if dark[y * size + x + 1] == colour && dark[(y + 1) * size + x] == colour
                    && dark[(y + 1) * size + x + 1] == colour
                {
                    score += 3
                }
            }
        }
        let darkCount = dark.filter { $0 }.count
        let total = size * size
        // k is how many whole 5% steps the dark share lies from 50%.
        let k = abs(darkCount * 20 - total * 10) / total
        score += 10 * k
        return score
    }

    /// The penalties of one row or column: runs of five or more alike, and finder-like
    /// patterns (dark, light, dark, light, dark in the ratio 1:1:3:1:1, at any scale n, with a
    /// light run of at least 4n on one side, counted once).
    private func linePenalty(_ module: (Int) -> Bool) -> Int {
        var runs: [(dark: Bool, length: Int)] = []
        for i in 0..<size {
            if let last = runs.last, last.dark == module(i) {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((module(i), 1))
            }
        }
        var score = 0
        for run in runs where run.length >= 5 { score += 3 + run.length - 5 }
        for i in runs.indices where runs[i].dark && i >= 2 && i + 2 < runs.count {
            let n = runs[i - 2].length
            guard runs[i].length == 3 * n, runs[i - 1].length == n, runs[i + 1].length == n,
                runs[i + 2].length == n
            else { continue }
            // A light run that reaches the edge goes on into the quiet zone.
            let lightBefore = i <= 3 || runs[i - 3].length >= 4 * n
            let lightAfter = i + 3 >= runs.count - 1 || runs[i + 3].length >= 4 * n
            if lightBefore || lightAfter { score += 40 }
        }
        return score
    }
}
