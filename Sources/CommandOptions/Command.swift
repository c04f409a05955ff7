/// A command (a program, or one subcommand of it) declared as its arguments and options.
/// It parses a command line over the environment and writes its own usage text.
///
/// Flags win over environment variables, which win over the defaults. `--help` (or `-h`)
/// anywhere asks for the usage text. A flag's value follows it (`--port 7777`) or is joined
/// with `=` (`--port=7777`); after `--` every argument is positional.
public struct Command<Config>: Sendable {
    /// The name used in messages and the usage line, e.g. `bigtwo-client soak`.
    public let name: String
    /// What the command does, in a sentence or two.
    public let summary: String
    /// The positional arguments, in order; all optional.
    public let arguments: [Argument<Config>]
    /// The options.
    public let options: [Option<Config>]
    /// Further paragraphs printed at the end of the usage text.
    public let notes: [String]

    /// A command. Long flags (and short ones) must be unique.
    public init(
        name: String, summary: String, arguments: [Argument<Config>] = [],
        options: [Option<Config>], notes: [String] = []
    ) {
        precondition(
            Set(options.map(\.long)).count == options.count, "\(name): a long flag is repeated")
        let shorts = options.compactMap(\.short)
        precondition(Set(shorts).count == shorts.count, "\(name): a short flag is repeated")
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.notes = notes
    }

    /// A usage error of this command.
    public func failure(_ message: String) -> UsageError {
        UsageError(program: name, message: message)
    }

    /// Parses `arguments` (without the program or subcommand name) over `environment`,
    /// starting from `defaults`.
    public func parse(
        _ arguments: [String], environment: [String: String] = [:], defaults: Config
    ) throws(UsageError) -> Parsed<Config> {
        let split = arguments.split(separator: "--", maxSplits: 1, omittingEmptySubsequences: false)
        if split[0].contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        let given = try assignments(in: Array(split[0]))
        var config = defaults
        let flagged = Set(given.settings.map(\.option.long))
        for option in options where !flagged.contains(option.long) {
            guard let variable = option.environment, let text = environment[variable] else {
                continue
            }
            if let problem = option.store(&config, text, variable) { throw failure(problem) }
        }
        for setting in given.settings {
            if let problem = setting.option.store(&config, setting.text, setting.source) {
                throw failure(problem)
            }
        }
        let positionals = given.positionals + (split.count > 1 ? Array(split[1]) : [])
        if positionals.count > self.arguments.count {
            throw failure("unexpected argument '\(positionals[self.arguments.count])'")
        }
        for (argument, text) in zip(self.arguments, positionals) {
            if let problem = argument.store(&config, text) { throw failure(problem) }
        }
        return .run(config)
    }

    private struct Setting {
        let option: Option<Config>
        let text: String
        let source: String
    }

    /// The flags with their values, in order, and the positional arguments.
    private func assignments(in arguments: [String]) throws(UsageError)
        -> (settings: [Setting], positionals: [String])
    {
        var settings: [Setting] = []
        var positionals: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positionals.append(argument)
                continue
            }
            var written = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                written = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = option(written) else {
                throw failure("unknown option '\(written)'")
            }
            if option.isSwitch {
                guard inline == nil else { throw failure("\(written) takes no value") }
                settings.append(Setting(option: option, text: "1", source: written))
                continue
            }
            if inline == nil {
                guard index < arguments.count else {
                    throw failure("\(written) needs a value (\(option.placeholder ?? "?"))")
                }
                inline = arguments[index]
                index += 1
            }
            settings.append(Setting(option: option, text: inline ?? "", source: written))
        }
        return (settings, positionals)
    }

    private func option(_ written: String) -> Option<Config>? {
        if written.hasPrefix("--") {
            let long = written.dropFirst(2)
            return options.first { $0.long == long }
        }
        guard written.count == 2, let letter = written.last else { return nil }
        return options.first { $0.short == letter }
    }
}
