import CommandOptions
import Testing

/// A configuration with one option of every kind.
private struct Settings: Equatable, Sendable {
    enum Level: String, CaseIterable, Sendable { case low, high }

    var count = 3
    var seed: UInt64?
    var level = Level.low
    var name = "ann"
    var loud = false
    var where_ = "home"
    var burst = 0
}

private let command = Command<Settings>(
    name: "tool sub", summary: "Does things with options of every kind.",
    arguments: [
        Argument("PLACE", help: "where to go", shown: { $0.where_ }) { config, text in
            guard text != "nowhere" else { return "'nowhere' is not a place" }
            config.where_ = text
            return nil
        }
    ],
    options: [
        .value(
            "count", short: "c", env: "TOOL_COUNT", .count(minimum: 1, maximum: 9), at: \.count,
            help: "how many"),
        .value("seed", env: "TOOL_SEED", .seed(), at: \.seed, unset: "random", help: "the seed"),
        .value("level", env: "TOOL_LEVEL", .choice("LEVEL"), at: \.level, help: "how hard"),
        .value("name", .string("NAME"), at: \.name, help: "who"),
        .flag("loud", env: "TOOL_LOUD", at: \.loud, help: "shout"),
        .custom(
            "rate", .count(minimum: 1), help: "per second, bursts of twice that",
            shown: { _ in nil }, apply: { $0.burst = $1 * 2 }),
    ], notes: ["A note\n  kept as written."])

@Suite struct CommandTests {
    private func run(_ arguments: [String], _ environment: [String: String] = [:]) throws
        -> Settings
    {
        let parsed = try command.parse(arguments, environment: environment, defaults: Settings())
        guard case .run(let settings) = parsed else {
            throw UsageError(program: "test", message: "expected a run, got help")
        }
        return settings
    }

    @Test func everyParserKind() throws {
        let settings = try run([
            "-c", "9", "--seed=0xff", "--level", "HIGH", "--name", "bob", "--loud", "--rate", "5",
            "away",
        ])
        #expect(
            settings
                == Settings(
                    count: 9, seed: 255, level: .high, name: "bob", loud: true, where_: "away",
                    burst: 10))
        #expect(try run([]) == Settings())
        #expect(try run(["--seed", "18446744073709551615"]).seed == .max)
        #expect(try run(["--", "-odd-place"]).where_ == "-odd-place")
    }

    @Test func flagsWinOverEnvironmentWhichWinsOverDefaults() throws {
        let environment = ["TOOL_COUNT": "4", "TOOL_SEED": "7", "TOOL_LOUD": "yes"]
        let fromEnvironment = try run([], environment)
        #expect(fromEnvironment.count == 4 && fromEnvironment.seed == 7 && fromEnvironment.loud)
        let flagged = try run(["--count", "2"], environment)
        #expect(flagged.count == 2 && flagged.seed == 7)
        // A bad variable is ignored when the flag overrides it.
        #expect(try run(["--count", "2"], ["TOOL_COUNT": "many"]).count == 2)
        #expect(try run([], ["TOOL_LOUD": "0"]).loud == false)
    }

    @Test func helpAnywhereAsksForUsage() throws {
        #expect(try command.parse(["--count", "x", "--help"], defaults: Settings()) == .help)
        #expect(try command.parse(["-h"], defaults: Settings()) == .help)
        #expect(try command.parse(["--", "--help"], defaults: Settings()) != .help)
    }

    @Test(arguments: [
        (["--count", "0"], "--count must be a whole number from 1 to 9, not '0'"),
        (["-c", "ten"], "-c must be a whole number from 1 to 9, not 'ten'"),
        (["--seed", "-1"], "--seed must be a 64-bit number, decimal or 0x hex, not '-1'"),
        (["--seed", "0x"], "--seed must be a 64-bit number, decimal or 0x hex, not '0x'"),
        (
            ["--seed", "18446744073709551616"],
            "--seed must be a 64-bit number, decimal or 0x hex, not '18446744073709551616'"
        ),
        (["--level", "mid"], "--level must be one of low, high, not 'mid'"),
        (["--name="], "--name must be a non-empty name, not ''"),
        (["--loud=yes"], "--loud takes no value"),
        (["--bogus"], "unknown option '--bogus'"),
        (["-x"], "unknown option '-x'"),
        (["--count"], "--count needs a value (N)"),
        (["here", "there"], "unexpected argument 'there'"),
        (["nowhere"], "'nowhere' is not a place"),
    ])
    func errorsNameTheFlag(arguments: [String], message: String) {
        #expect(throws: UsageError(program: "tool sub", message: message)) {
            try command.parse(arguments, defaults: Settings())
        }
    }

    @Test func environmentErrorsNameTheVariable() {
        #expect(
            throws: UsageError(
                program: "tool sub", message: "TOOL_LEVEL must be one of low, high, not 'x'")
        ) {
            try command.parse([], environment: ["TOOL_LEVEL": "x"], defaults: Settings())
        }
        #expect(
            throws: UsageError(
                program: "tool sub", message: "TOOL_LOUD must be 1 or 0 (yes or no), not 'maybe'")
        ) {
            try command.parse([], environment: ["TOOL_LOUD": "maybe"], defaults: Settings())
        }
    }

    @Test func oneErrorFormat() {
        let error = UsageError(program: "tool sub", message: "unknown option '--x'")
        #expect(
            error.report == "tool sub: unknown option '--x'\nRun 'tool sub --help' for usage.\n")
        #expect(UsageError.exitStatus == 2)
    }

    @Test func usageShowsEveryOptionWithDefaultAndVariable() {
        var defaults = Settings()
        defaults.count = 5
        let usage = command.usage(defaults: defaults)
        #expect(usage.hasPrefix("usage: tool sub [PLACE] [options]\n"))
        #expect(usage.contains("Does things with options of every kind."))
        for option in command.options {
            #expect(usage.contains(option.flag), "missing \(option.flag)")
        }
        #expect(usage.contains("-c, --count N"))
        #expect(usage.contains("how many (default 5; env TOOL_COUNT)"))
        #expect(usage.contains("the seed (default random; env TOOL_SEED)"))
        #expect(usage.contains("--level LEVEL"))
        #expect(usage.contains("how hard (one of low, high; default low; env TOOL_LEVEL)"))
        #expect(usage.contains("shout (env TOOL_LOUD)"))
        #expect(usage.contains("where to go (default home)"))
        #expect(usage.contains("-h, --help"))
        #expect(usage.contains("\n  kept as written."))
        #expect(usage.contains("A flag wins over its environment variable"))
        #expect(usage.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }

    @Test func longHelpWrapsUnderItsColumn() throws {
        let wordy = Command<Settings>(
            name: "wordy", summary: "s",
            options: [
                .value(
                    "count", .count(), at: \.count,
                    help: String(repeating: "very long help text ", count: 12))
            ])
        let lines = wordy.usage(defaults: Settings()).split(separator: "\n")
        let start = try #require(lines.firstIndex { $0.contains("--count N") })
        let next = try #require(lines.dropFirst(start + 1).first)
        #expect(next.hasPrefix(String(repeating: " ", count: 15)))
        #expect(lines.allSatisfy { $0.count <= 100 })
    }
}
