import Testing

@testable import LobbyClient

@Suite struct PlayerNameTests {
    @Test func aGivenNameIsUsedAsIs() {
        let name = PlayerName.resolve(given: "ann", environment: ["USER": "zed"]) { _ in "bob" }
        #expect(name == "ann")
    }

    @Test func withoutATerminalTheSystemUserNameIsUsed() {
        #expect(PlayerName.resolve(given: nil, environment: ["USER": "zed"], ask: nil) == "zed")
        #expect(
            PlayerName.resolve(given: nil, environment: ["LOGNAME": "lou"], ask: nil) == "lou")
        let fromPasswordFile = PlayerName.resolve(given: nil, environment: [:], ask: nil)
        #expect(!fromPasswordFile.isEmpty && fromPasswordFile != "player")
    }

    @Test func atATerminalThePersonIsAskedWithTheUserNameAsDefault() {
        var prompts: [String] = []
        let typed = PlayerName.resolve(given: nil, environment: ["USER": "zed"]) { prompt in
            prompts.append(prompt)
            return "  carol "
        }
        #expect(typed == "carol")
        #expect(prompts == ["your name [zed]: "])
        #expect(PlayerName.resolve(given: nil, environment: ["USER": "zed"]) { _ in "" } == "zed")
        #expect(PlayerName.resolve(given: nil, environment: ["USER": "zed"]) { _ in nil } == "zed")
    }
}
