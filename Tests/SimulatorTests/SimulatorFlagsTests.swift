import CardGames
import CommandOptions
import TestSupport
import Testing

@testable import Simulator

@Suite struct SimulatorFlagsTests {
    func config(_ arguments: [String]) throws -> SimulationConfig {
        let parsed = try SimulatorFlags.parse(arguments)
        guard case .run(let config) = parsed else {
            throw UsageError(program: "test", message: "expected a run, got \(parsed)")
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
        #expect(try self.config(["-n", "7", "-t", "1"]).games == 7)
    }

    @Test func help() throws {
        #expect(try SimulatorFlags.parse(["--games", "5", "--help"]) == .help)
        #expect(try SimulatorFlags.parse(["-h"]) == .help)
        for option in SimulatorFlags.options {
            #expect(SimulatorFlags.usage.contains(option.flag))
        }
        #expect(SimulatorFlags.usage.contains("random, greedy, smart"))
        #expect(SimulatorFlags.usage.contains("(default 1000)"))
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--games"], "--games needs a value (N)"),
        (["--games", "0"], "--games must be a whole number ≥ 1, not '0'"),
        (["--threads", "two"], "--threads must be a whole number ≥ 1, not 'two'"),
        (["--seed", "-4"], "--seed must be a 64-bit number, decimal or 0x hex, not '-4'"),
        (["--game", "poker"], "--game must be one of bigtwo, ecard, tictactoe, memory, roulette, not 'poker'"),
        (["--rules", "vegas"], "--rules must be one of standard, taiwan, not 'vegas'"),
        (
            ["--bots", "smart"],
            "--bots must be 2 to 4 of random, greedy, smart, expert, master for bigtwo, not 'smart'"
        ),
        (
            ["--bots", "smart,genius"],
            "--bots must be 2 to 4 of random, greedy, smart, expert, master for bigtwo, not 'smart,genius'"
        ),
        (
            ["--game", "ecard", "--bots", "smart,mixed"],
            "--bots must be 2 of random, mixed for ecard, not 'smart,mixed'"
        ),
        (
            ["--options", "{bombs}"],
            "--options must be a JSON object of Big Two options, not '{bombs}'"
        ),
        (["--rules", "taiwan", "--options", "{}"], "give either --rules or --options, not both"),
    ])
    func rejectsBadFlags(arguments: [String], message: String) {
        #expect(throws: UsageError(program: "bigtwo-sim", message: message)) {
            try SimulatorFlags.parse(arguments)
        }
    }

    @Test func commandLineExitStatus() {
        #expect(SimulatorCommandLine.run(["--games", "nope"]) == 2)
        #expect(SimulatorCommandLine.run(["--games", "3", "--threads", "1"]) == 0)
        #expect(SimulatorCommandLine.run(["--game", "ecard", "--games", "3"]) == 0)
    }

    @Test func theBuiltExecutablePrintsUsageAndRefusesABadFlag() throws {
        let message = "--seed must be a 64-bit number, decimal or 0x hex, not '-1'"
        let problems = try ExecutableRun.commandLineProblems(
            "bigtwo-sim", mentions: SimulatorFlags.options.map(\.flag), bad: ["--seed", "-1"],
            report: UsageError(program: "bigtwo-sim", message: message).report)
        #expect(problems == [])
    }
}
