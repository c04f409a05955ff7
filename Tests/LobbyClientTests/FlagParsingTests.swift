import CardGames
import CommandOptions
import LobbyClient
import LobbyProtocol
import Testing

@Suite struct FlagParsingTests {
    @Test func playDefaults() throws {
        #expect(try ClientCommand.parse(["--name", "ann"]) == .play(PlayOptions(name: "ann")))
        #expect(try ClientCommand.parse([]) == .play(PlayOptions()))
        #expect(try ClientCommand.parse(["play", "-n", "ann"]) == .play(PlayOptions(name: "ann")))
    }

    @Test func playWithAddressAndBot() throws {
        let command = try ClientCommand.parse(["example.org:9000", "--name=bob", "--bot", "smart"])
        let expected = PlayOptions(
            address: ServerAddress(host: "example.org", port: 9000), name: "bob", bot: .smart)
        #expect(command == .play(expected))
    }

    @Test func interactivePlayCreatesOrJoinsOnConnecting() throws {
        let create = try ClientCommand.parse(["--create", "--kind", "ecard", "--games", "3"])
        #expect(create == .play(PlayOptions(games: 3, create: true, kind: .ecard)))
        let join = try ClientCommand.parse(["--join", "4", "--token", "abc"])
        #expect(join == .play(PlayOptions(join: 4, token: "abc")))
    }

    @Test func theEnvironmentNamesThePlayerUnlessAFlagDoes() throws {
        let environment = ["BIGTWO_NAME": "env-ann", "BIGTWO_TOKEN": "t1"]
        #expect(
            try ClientCommand.parse([], environment: environment)
                == .play(PlayOptions(name: "env-ann", token: "t1")))
        #expect(
            try ClientCommand.parse(["--name", "bob"], environment: environment)
                == .play(PlayOptions(name: "bob", token: "t1")))
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
            "--bots", "random", "--readers", "2",
        ])
        let expected = try SoakOptions(
            address: ServerAddress(port: 7000), clients: 6, games: 300, tables: 2, seed: 9,
            bots: "random", readers: 2)
        #expect(command == .soak(expected))
    }

    @Test func soakOptionsMadeDirectlyAreCheckedToo() {
        #expect(throws: ClientError.usage("--bots must be one of random, greedy, smart, expert, master, not 'x'")) {
            try SoakOptions(clients: 4, games: 1, bots: "x")
        }
        let positive = ClientError.usage(
            "--clients, --games, --tables and --readers must be positive")
        #expect(throws: positive) { try SoakOptions(clients: 4, games: 0) }
        #expect(throws: positive) { try SoakOptions(clients: 4, games: 1, readers: 0) }
    }

    @Test func benchFlags() throws {
        let command = try ClientCommand.parse(["bench", "--clients", "3", "--seconds", "2"])
        #expect(command == .bench(BenchOptions(clients: 3, seconds: 2)))
        let load = try ClientCommand.parse([
            "bench", "--mode", "list-load", "--tables", "50", "--listers", "2", "--list-rate",
            "10", "--probe-rate", "20",
        ])
        #expect(
            load
                == .bench(
                    BenchOptions(
                        mode: .listLoad, tables: 50, listers: 2, listRate: 10, probeRate: 20)))
    }

    @Test(arguments: [
        (
            ["--bot", "genius"], "bigtwo-client",
            "--bot must be one of random, greedy, smart, expert, master, not 'genius'"
        ),
        (["--frobnicate", "1"], "bigtwo-client", "unknown option '--frobnicate'"),
        (
            ["--seed", "-1", "--bot", "smart"], "bigtwo-client",
            "--seed must be a 64-bit number, decimal or 0x hex, not '-1'"
        ),
        (
            ["verify", "--seed", "1"], "bigtwo-client verify",
            "verify needs --seed and --commitment, or --record FILE"
        ),
        (
            ["soak", "--clients", "9", "--tables", "2"], "bigtwo-client soak",
            "each table seats 1 to 4 clients: use between clients/4 and clients tables"
        ),
        (
            ["bench", "--seconds", "x"], "bigtwo-client bench",
            "--seconds must be a whole number ≥ 1, not 'x'"
        ),
        (["host:notaport"], "bigtwo-client", "'host:notaport' is not host:port"),
        (["a:1", "b:2"], "bigtwo-client", "unexpected argument 'b:2'"),
        (
            ["play", "--kind", "ecard"], "bigtwo-client play",
            "--kind chooses the table --create makes: add --create"
        ),
    ])
    func rejectsMistakes(arguments: [String], program: String, message: String) {
        #expect(throws: UsageError(program: program, message: message)) {
            try ClientCommand.parse(arguments)
        }
    }

    @Test(arguments: [
        (["--create", "--join", "2"], "give either --create or --join, not both"),
        (["--seed", "5"], "--seed seeds a bot's choices: it needs --bot"),
        (
            ["--games", "2"],
            "--games sets the length of a table you create: add --create (or --bot)"
        ),
    ])
    func interactiveModeRefusesWhatCannotApply(arguments: [String], message: String) {
        #expect(throws: UsageError(program: "bigtwo-client", message: message)) {
            try ClientCommand.parse(arguments)
        }
    }

    @Test func flagsThatOnlyABotUsesAreAcceptedWithOne() throws {
        let command = try ClientCommand.parse(["--bot", "greedy", "--seed", "5", "--games", "2"])
        #expect(command == .play(PlayOptions(bot: .greedy, games: 2, seed: 5)))
    }

    @Test func everyCommandHasItsOwnHelp() throws {
        for (arguments, heading) in [
            (["--help"], "usage: bigtwo-client [HOST[:PORT]] [options]"),
            (["help"], "usage: bigtwo-client [HOST[:PORT]] [options]"),
            (["play", "-h"], "usage: bigtwo-client play [HOST[:PORT]] [options]"),
            (["verify", "--help"], "usage: bigtwo-client verify [options]"),
            (["soak", "--help"], "usage: bigtwo-client soak [HOST[:PORT]] [options]"),
            (
                ["bench", "--clients", "x", "--help"],
                "usage: bigtwo-client bench [HOST[:PORT]] [options]"
            ),
        ] {
            guard case .help(let usage) = try ClientCommand.parse(arguments) else {
                Issue.record("\(arguments) did not ask for help")
                continue
            }
            #expect(usage.hasPrefix(heading + "\n"))
        }
        #expect(ClientCommand.usage.contains("NO_COLOR"))
        for word in ["play", "verify", "soak", "bench"] {
            #expect(ClientCommand.usage.contains("\n  \(word) "))
        }
    }
}
