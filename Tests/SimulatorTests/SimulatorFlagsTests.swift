import CardGames
import Testing

@testable import Simulator

@Suite struct SimulatorFlagsTests {
    func config(_ arguments: [String]) throws -> SimulationConfig {
        guard case .run(let config) = try SimulatorFlags.parse(arguments) else {
            throw SimulatorFlagError.unknownFlag("expected a run")
        }
        return config
    }

    @Test func defaults() throws {
        let config = try config([])
        #expect(config.game == .bigtwo && config.games == 1000 && config.seed == 1)
        #expect(config.bigTwoBots == [.smart, .greedy, .greedy, .greedy])
        #expect(config.options == .standard && config.rulesName == "standard")
        #expect(config.threads >= 1)
    }

    @Test func everyFlag() throws {
        let config = try config([
            "--games", "500", "--seed", "0x1F", "--bots", "random,smart,greedy",
            "--rules", "taiwan", "--threads=3",
        ])
        #expect(config.games == 500 && config.seed == 31 && config.threads == 3)
        #expect(config.bigTwoBots == [.random, .smart, .greedy])
        #expect(config.options == .taiwan && config.rulesName == "taiwan")
        let eCard = try self.config(["--bots", "random,mixed", "--game", "ecard"])
        #expect(eCard.game == .ecard && eCard.eCardBots == [.random, .mixed])
        let custom = try self.config(["--options", #"{"bombs":true,"pass_locks_out":true}"#])
        #expect(custom.options == BigTwoOptions(bombs: true, passLocksOut: true))
        #expect(custom.rulesName == "custom")
    }

    @Test func help() throws {
        #expect(try SimulatorFlags.parse(["--games", "5", "--help"]) == .help)
        #expect(try SimulatorFlags.parse(["-h"]) == .help)
        #expect(SimulatorFlags.usage.contains("--threads"))
    }

    @Test(arguments: [
        (["--frobnicate"], SimulatorFlagError.unknownFlag("--frobnicate")),
        (["--games"], .missingValue(flag: "--games")),
        (["--games", "0"], .invalidValue(flag: "--games", value: "0", expected: "an integer ≥ 1")),
        (["--threads", "two"],
         .invalidValue(flag: "--threads", value: "two", expected: "an integer ≥ 1")),
        (["--seed", "-4"],
         .invalidValue(flag: "--seed", value: "-4", expected: "a 64-bit unsigned integer")),
        (["--game", "poker"],
         .invalidValue(
             flag: "--game", value: "poker",
             expected: "bigtwo, ecard, tictactoe, memory, roulette")),
        (["--rules", "vegas"],
         .invalidValue(flag: "--rules", value: "vegas", expected: "standard or taiwan")),
        (["--bots", "smart"],
         .invalidValue(flag: "--bots", value: "smart", expected: "2 to 4 of random, greedy, smart")),
        (["--bots", "smart,genius"],
         .invalidValue(
            flag: "--bots", value: "smart,genius", expected: "2 to 4 of random, greedy, smart")),
        (["--game", "ecard", "--bots", "smart,mixed"],
         .invalidValue(flag: "--bots", value: "smart,mixed", expected: "2 of random, mixed")),
        (["--options", "{bombs}"],
         .invalidValue(
            flag: "--options", value: "{bombs}", expected: "a JSON object of Big Two options")),
        (["--rules", "taiwan", "--options", "{}"], .conflictingRules),
    ])
    func rejectsBadFlags(arguments: [String], error: SimulatorFlagError) {
        #expect(throws: error) { try SimulatorFlags.parse(arguments) }
    }

    @Test func commandLineExitStatus() {
        #expect(SimulatorCommandLine.run(["--games", "nope"]) == 2)
        #expect(SimulatorCommandLine.run(["--games", "3", "--threads", "1"]) == 0)
        #expect(SimulatorCommandLine.run(["--game", "ecard", "--games", "3"]) == 0)
    }
}
