import Testing
import WebSocket

@Suite struct WebSocketHandshakeTests {
    private func request(
        method: String = "GET", http11: Bool = true, upgrade: [String] = ["websocket"],
        connection: [String] = ["Upgrade"], key: [String] = ["dGhlIHNhbXBsZSBub25jZQ=="],
        version: [String] = ["13"]
    ) -> WebSocketHandshake.Request {
        WebSocketHandshake.Request(
            method: method, isHTTP11OrLater: http11, upgrade: upgrade, connection: connection,
            key: key, version: version)
    }

    /// RFC 6455 §1.3: the sample nonce and the accept value the RFC gives for it.
    @Test func rfcExampleAcceptValue() {
        #expect(
            WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==")
                == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(WebSocketHandshake.accept(request()) == .success("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
    }

    /// Firefox sends `Connection: keep-alive, Upgrade`; tokens match in any case, with
    /// spaces around them, and either field may come more than once.
    @Test func upgradeAndConnectionAreTokenLists() {
        for connection in [["keep-alive, Upgrade"], ["upgrade"], ["keep-alive,upgrade "],
            ["keep-alive", "UPGRADE"]]
        {
            #expect(
                WebSocketHandshake.accept(request(connection: connection))
                    == .success("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        }
        #expect(
            WebSocketHandshake.accept(request(upgrade: ["h2c, WebSocket"]))
                == .success("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        for connection in [["keep-alive"], ["upgrades"], ["keep-alive upgrade"], []] {
            #expect(WebSocketHandshake.accept(request(connection: connection)) == .failure(.notAnUpgrade))
        }
        for upgrade in [["websockets"], ["h2c"], []] {
            #expect(WebSocketHandshake.accept(request(upgrade: upgrade)) == .failure(.notAnUpgrade))
        }
    }

    @Test func versionMustBe13() {
        for version in [[], ["8"], ["14"], ["13, 8"], ["13", "13"]] {
            #expect(WebSocketHandshake.accept(request(version: version)) == .failure(.unsupportedVersion))
        }
    }

    @Test func keyMustBeSixteenBytesOfBase64() {
        for key in [
            [], ["dGhlIHNhbXBsZSBub25jZQ"], ["dGhlIHNhbXBsZSBub25jZQ=="] + ["AAAAAAAAAAAAAAAAAAAAAA=="],
            ["dGhlIHNhbXBsZSBub25jZQ==="], ["dGhlIHNhbXBsZSBub25j"], ["!GhlIHNhbXBsZSBub25jZQ=="],
            ["dGhlIHNhbXBsZSBub25jZSBhbmQgbW9yZQ=="],
        ] {
            #expect(WebSocketHandshake.accept(request(key: key)) == .failure(.badKey))
        }
        #expect(WebSocketHandshake.isValidKey("AAAAAAAAAAAAAAAAAAAAAA=="))
    }

    @Test func onlyGetOverHTTP11() {
        #expect(WebSocketHandshake.accept(request(method: "POST")) == .failure(.notGetOverHTTP11))
        #expect(WebSocketHandshake.accept(request(http11: false)) == .failure(.notGetOverHTTP11))
    }
}
