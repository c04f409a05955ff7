/// Reed–Solomon error correction over GF(256) with the QR code's field polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator roots α⁰ … αⁿ⁻¹.
enum ReedSolomon {
    /// α^i for i in 0…255, and the logarithm of each non-zero element.
    private static let tables: (exp: [UInt8], log: [Int]) = {
        var exp = [UInt8](repeating: 0, count: 256)
        var log = [Int](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exp[power] = UInt8(value)
            log[value] = power
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        exp[255] = exp[0]
        return (exp, log)
    }()

    /// The product of two field elements.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return tables.exp[(tables.log[Int(a)] + tables.log[Int(b)]) % 255]
    }

    /// The generator polynomial of degree `degree`, highest coefficient first (the leading 1
    /// left out): the product of (x − αⁱ) for i in 0..<degree.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients: [UInt8] = [1]
        for i in 0..<degree {
            var next = [UInt8](repeating: 0, count: coefficients.count + 1)
            let root = tables.exp[i]
            for (j, c) in coefficients.enumerated() {
                next[j] ^= c
                next[j + 1] ^= multiply(c, root)
            }
            coefficients = next
        }
        return Array(coefficients.dropFirst())
    }

    /// The `degree` error correction codewords of a block of data codewords: the remainder
    /// of data · x^degree divided by the generator.
    static func remainder(of data: [UInt8], degree: Int) -> [UInt8] {
        let generator = generator(degree: degree)
        var remainder = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for i in 0..<degree { remainder[i] ^= multiply(generator[i], factor) }
        }
        return remainder
    }
}
