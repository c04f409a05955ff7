import Testing

@testable import CardGames

@Suite struct SHA256Tests {
    @Test func fipsShortMessages() {
        #expect(
            SHA256.hexDigest("")
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hexDigest("abc")
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func fipsTwoBlockMessages() {
        #expect(
            SHA256.hexDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let message =
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
            + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(
            SHA256.hexDigest(message)
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func fipsOneMillionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            SHA256.hex(SHA256.hash(message))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Digests of the bytes 0, 1, 2, … (mod 256) of each length, around the padding
    /// boundaries; computed once with Python's hashlib.
    @Test(arguments: [
        (55, "463eb28e72f82e0a96c0a4cc53690c571281131f672aa229e0d45ae59b598b59"),
        (56, "da2ae4d6b36748f2a318f23e7ab1dfdf45acdc9d049bd80e59de82a60895f562"),
        (63, "29af2686fd53374a36b0846694cc342177e428d1647515f078784d69cdb9e488"),
        (64, "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108"),
        (65, "4bfd2c8b6f1eec7a2afeb48b934ee4b2694182027e6d0fc075074f2fabb31781"),
        (119, "da18797ed7c3a777f0847f429724a2d8cd5138e6ed2895c3fa1a6d39d18f7ec6"),
        (120, "f52b23db1fbb6ded89ef42a23ce0c8922c45f25c50b568a93bf1c075420bbb7c"),
        (128, "471fb943aa23c511f6f72f8d1652d9c880cfa392ad80503120547703e56a2be5"),
    ])
    func paddingBoundaries(length: Int, digest: String) {
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        #expect(SHA256.hex(SHA256.hash(message)) == digest)
    }

    @Test func nonContiguousSequencesHashLikeArrays() {
        for length in [0, 1, 55, 56, 64, 100, 200] {
            let bytes = (0..<length).lazy.map { UInt8(truncatingIfNeeded: $0 &* 31) }
            #expect(SHA256.hash(bytes) == SHA256.hash(Array(bytes)))
        }
        #expect(SHA256.hash(UInt8(0)..<UInt8(128)) == SHA256.hash(Array(0..<128)))
    }

    @Test func hashesUTF8OfNonASCIIText() {
        #expect(
            SHA256.hexDigest("3♦ Big Two")
                == "a337758b0aecaa774d35c7b7e08fd768acce68eb2676a7701299d6753349e169")
    }

    @Test func digestIs32BytesAndHexIsLowercase() {
        #expect(SHA256.hash([1, 2, 3]).count == SHA256.digestByteCount)
        #expect(SHA256.hex([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
        #expect(SHA256.hex([]) == "")
    }
}
