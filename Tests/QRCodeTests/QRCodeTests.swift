import Testing

@testable import QRCode

@Suite struct QRCodeTests {
    @Test(arguments: Reference.all)
    func makesTheReferenceSymbols(reference: Reference) throws {
        let code = try QRCode(text: reference.text)
        #expect(code.size == reference.size)
        let rows = (0..<code.size).map { y in
            String((0..<code.size).map { code.isDark(x: $0, y: y) ? "#" : "." })
        }
        #expect(rows.joined(separator: "\n") == reference.rows, "\(reference.text)")
    }

    @Test func picksTheSmallestVersionThatHolds() throws {
        #expect(try QRCode(text: "http://192.168.1.5:7777").version == 2)
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: 14)).version == 1)
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: 15)).version == 2)
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: 213)).version == 10)
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: 214)).version == 11)
        #expect(try QRCode(bytes: Array(repeating: 0x61, count: 2331)).version == 40)
        #expect(throws: QRCodeError.tooLong(bytes: 2332, maximum: 2331)) {
            try QRCode(bytes: Array(repeating: 0x61, count: 2332))
        }
        #expect(try QRCode(bytes: []).version == 1)
    }

    // The byte-mode capacities of level M published with the standard.
    @Test func capacitiesAreThePublishedOnes() {
        let published = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213]
        #expect(QRVersion.all.prefix(10).map(\.byteCapacity) == published)
        #expect(QRVersion.all[39].byteCapacity == 2331)
        #expect(QRVersion.all[39].totalCodewords == 3706)
    }

    /// Every module that no function pattern takes holds a bit of a codeword, except the few
    /// remainder bits of some versions: this checks the block table and the alignment
    /// positions of all 40 versions against each other.
    @Test func everyVersionHasRoomForExactlyItsCodewords() {
        for version in QRVersion.all {
            let matrix = QRMatrix(version: version)
            var free = 0
            for y in 0..<version.size {
                for x in 0..<version.size where !matrix.isReserved(x, y) { free += 1 }
            }
            let remainder: Int
            switch version.number {
            case 2...6: remainder = 7
            case 14...20, 28...34: remainder = 3
            case 21...27: remainder = 4
            default: remainder = 0
            }
            #expect(free == version.totalCodewords * 8 + remainder, "version \(version.number)")
        }
    }

    // The published format information strings of level M, masks 0 to 7.
    @Test func formatBitsAreThePublishedOnes() {
        let published = [
            "101010000010010", "101000100100101", "101111001111100", "101101101001011",
            "100010111111001", "100000011001110", "100111110010111", "100101010100000",
        ]
        for mask in 0..<8 {
            let bits = String(QRMatrix.formatBits(mask: mask), radix: 2)
            #expect(String(repeating: "0", count: 15 - bits.count) + bits == published[mask])
        }
    }

    // The published version information strings.
    @Test func versionBitsAreThePublishedOnes() {
        let published = [
            7: "000111110010010100", 8: "001000010110111100", 9: "001001101010011001",
            10: "001010010011010011", 21: "010101011010000011", 40: "101000110001101001",
        ]
        for (number, expected) in published {
            let bits = String(QRMatrix.versionBits(number), radix: 2)
            #expect(String(repeating: "0", count: 18 - bits.count) + bits == expected)
        }
    }

    // The worked example of the error correction tutorials: "HELLO WORLD" as a 1-M symbol's
    // 16 data codewords gives these 10 error correction codewords.
    @Test func reedSolomonMatchesThePublishedExample() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(
            ReedSolomon.remainder(of: data, degree: 10)
                == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test func theReferencesCoverEveryMask() throws {
        let masks = try Set(Reference.all.map { try QRCode(text: $0.text).mask })
        #expect(masks == Set(0..<8))
    }

    @Test func eachMaskIsTheSymbolWithThatMask() throws {
        let text = Array("http://10.0.0.2:7777".utf8)
        let chosen = try QRCode(bytes: text)
        for mask in 0..<8 {
            let forced = try QRCode(bytes: text, mask: mask)
            #expect(forced.mask == mask)
            #expect((forced == chosen) == (mask == chosen.mask))
        }
    }

    @Test func halfBlocksDrawTwoRowsPerLine() throws {
        let code = try QRCode(text: "http://192.168.1.5:7777")
        let lines = code.halfBlockLines(ansiColours: false)
        let span = code.size + 2 * QRCode.quietZone
        #expect(lines.count == (span + 1) / 2)
        // Read the modules back from the blocks.
        var read: [Bool] = []
        for y in 0..<code.size {
            let line = Array(lines[(y + QRCode.quietZone) / 2])
            for x in 0..<code.size {
                let block = line[x + QRCode.quietZone]
                let top = (y + QRCode.quietZone) % 2 == 0
                read.append(block == "█" || (top ? block == "▀" : block == "▄"))
            }
        }
        #expect(read == code.modules)
        let coloured = code.halfBlockLines()
        #expect(coloured.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
    }

    @Test func svgHasOneUnitPerModule() throws {
        let code = try QRCode(text: "http://192.168.1.5:7777")
        let svg = code.svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 33 33\""))
        // The dark area the path covers equals the dark modules.
        var area = 0
        for run in svg.split(separator: "h").dropFirst() {
            area += Int(run.prefix { $0.isNumber }) ?? 0
        }
        #expect(area == code.modules.filter { $0 }.count)
    }
}

extension Reference: CustomTestStringConvertible {
    var testDescription: String { "\(text.utf8.count) bytes" }
}
