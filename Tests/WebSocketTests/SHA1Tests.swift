import Testing
import WebSocket

@Suite struct SHA1Tests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private func digest(_ text: String) -> String { hex(SHA1.hash(Array(text.utf8))) }

    /// The examples of FIPS 180-4's companion document (csrc.nist.gov, SHA1.pdf) and the
    /// NIST test vectors for SHA-1.
    @Test func fipsVectors() {
        #expect(digest("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(digest("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(
            digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(
            digest(
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                    + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
                == "a49b2446a02c645bf419f995b67091253a04a259")
    }

    @Test func fipsOneMillionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(hex(SHA1.hash(message)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    /// Lengths around the padding boundaries (55 bytes leave just room for the length, 56
    /// need a second block); digests of the bytes 0, 1, 2, … computed with Python's hashlib.
    @Test(arguments: [
        (55, "8ae2d46729cfe68ff927af5eec9c7d1b66d65ac2"),
        (56, "636e2ec698dac903498e648bd2f3af641d3c88cb"),
        (64, "c6138d514ffa2135bfce0ed0b8fac65669917ec7"),
    ])
    func paddingBoundaries(length: Int, expected: String) {
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        #expect(hex(SHA1.hash(message)) == expected)
    }

    @Test func sequencesHashLikeArrays() {
        let bytes = (0..<200).lazy.map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(SHA1.hash(bytes) == SHA1.hash(Array(bytes)))
        #expect(SHA1.hash([1, 2, 3]).count == SHA1.digestByteCount)
    }
}
