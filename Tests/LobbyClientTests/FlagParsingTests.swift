import LobbyClient
import Testing

@Suite struct FlagParsingTests {
    @Test func playDefaults() throws {
        let command = try ClientCommand.parse(["--name", "ann"])
        #expect(command == .play(PlayOptions(name: "ann")))
    }

    @Test func playWithAddressAndBot() throws {
        let command = try ClientCommand.parse(["example.org:9000", "--name=bob", "--bot", "smart"])
        let expected = PlayOptions(
            address: ServerAddress(host: "example.org", port: 9000), name: "bob", bot: "smart")
        #expect(command == .play(expected))
    }

    @Test func verifyFlags() throws {
        let command = try ClientCommand.parse([
            "verify", "--seed", "ab", "--commitment", "cd", "--initial-hands", "3D|4D",
        ])
        #expect(command == .verify(VerifyOptions(seed: "ab", commitment: "cd", hands: "3D|4D")))
    }

    @Test func soakFlags() throws {
        let command = try ClientCommand.parse([
            "soak", "localhost:7000", "--clients", "6", "--games", "300", "--seed", "9",
            "--bots", "random",
        ])
        let expected = try SoakOptions(
            address: ServerAddress(port: 7000), clients: 6, games: 300, tables: 2, seed: 9,
            bots: "random")
        #expect(command == .soak(expected))
    }

    @Test func benchFlags() throws {
        let command = try ClientCommand.parse(["bench", "--clients", "3", "--seconds", "2"])
        #expect(command == .bench(BenchOptions(clients: 3, seconds: 2)))
    }

    @Test func rejectsMistakes() {
        #expect(throws: ClientError.self) { try ClientCommand.parse(["--bot", "genius"]) }
        #expect(throws: ClientError.self) { try ClientCommand.parse(["--frobnicate", "1"]) }
        #expect(throws: ClientError.self) { try ClientCommand.parse(["verify", "--seed", "1"]) }
        #expect(throws: ClientError.self) {
            try ClientCommand.parse(["soak", "--clients", "9", "--tables", "2"])
        }
        #expect(throws: ClientError.self) { try ClientCommand.parse(["bench", "--seconds", "x"]) }
        #expect(throws: ClientError.self) { try ClientCommand.parse(["host:notaport"]) }
    }

    @Test func help() throws {
        #expect(try ClientCommand.parse(["--help"]) == .help)
    }
}
