/// One option of a command, declared once: its flag, environment variable, help text, how its
/// value is read and where it goes in the configuration `Config`. The usage text, the error
/// messages and the default shown come from this declaration.
public struct Option<Config>: Sendable {
    /// The long flag without its dashes, e.g. `port` for `--port`.
    public let long: String
    /// The one-letter flag without its dash, if any.
    public let short: Character?
    /// The environment variable that sets the option, if any.
    public let environment: String?
    /// What the option does, for people.
    public let help: String
    /// The word for the value in the usage text; nil for a switch, which takes no value.
    public let placeholder: String?
    /// The words the value may be, for a choice of words.
    public let words: [String]?
    /// The default as shown in the usage text, given the configuration's defaults.
    let shownDefault: @Sendable (Config) -> String?
    /// Reads the text given to the option and stores its value in the configuration; returns
    /// a message for people when the text is not valid. `source` names the flag or variable
    /// the text came from.
    let store: @Sendable (inout Config, String, _ source: String) -> String?

    /// The flag as typed, e.g. `--port`.
    public var flag: String { "--\(long)" }

    /// True for a switch (a flag without a value).
    public var isSwitch: Bool { placeholder == nil }

    private init(
        long: String, short: Character?, environment: String?, help: String,
        placeholder: String?, words: [String]?,
        shownDefault: @escaping @Sendable (Config) -> String?,
        store: @escaping @Sendable (inout Config, String, String) -> String?
    ) {
        self.long = long
        self.short = short
        self.environment = environment
        self.help = help
        self.placeholder = placeholder
        self.words = words
        self.shownDefault = shownDefault
        self.store = store
    }

    /// An option whose value, read by `parser`, is stored at `key`; the default shown is the
    /// value at `key` in the defaults.
    public static func value<Value>(
        _ long: String, short: Character? = nil, env: String? = nil, _ parser: ValueParser<Value>,
        at key: WritableKeyPath<Config, Value> & Sendable, help: String
    ) -> Option {
        custom(
            long, short: short, env: env, parser, help: help,
            shown: { parser.text(of: $0[keyPath: key]) }, apply: { $0[keyPath: key] = $1 })
    }

    /// An option with an optional value stored at `key`; `unset` describes the default when
    /// the defaults hold nil there (e.g. "secure random").
    public static func value<Value>(
        _ long: String, short: Character? = nil, env: String? = nil, _ parser: ValueParser<Value>,
        at key: WritableKeyPath<Config, Value?> & Sendable, unset: String? = nil, help: String
    ) -> Option {
        custom(
            long, short: short, env: env, parser, help: help,
            shown: { config in config[keyPath: key].map(parser.text(of:)) ?? unset },
            apply: { $0[keyPath: key] = $1 })
    }

    /// An option whose value `apply` stores however the configuration needs; `shown` gives
    /// the default to show (nil shows none).
    public static func custom<Value>(
        _ long: String, short: Character? = nil, env: String? = nil, _ parser: ValueParser<Value>,
        help: String, shown: @escaping @Sendable (Config) -> String?,
        apply: @escaping @Sendable (inout Config, Value) -> Void
    ) -> Option {
        Option(
            long: long, short: short, environment: env, help: help,
            placeholder: parser.placeholder, words: parser.words, shownDefault: shown,
            store: { config, text, source in
                guard let value = parser.parse(text) else {
                    return "\(source) must be \(parser.expectation), not '\(text)'"
                }
                apply(&config, value)
                return nil
            })
    }

    /// A switch: present means true. Its environment variable takes 1, true, yes, 0, false
    /// or no.
    public static func flag(
        _ long: String, short: Character? = nil, env: String? = nil,
        at key: WritableKeyPath<Config, Bool> & Sendable, help: String
    ) -> Option {
        Option(
            long: long, short: short, environment: env, help: help, placeholder: nil, words: nil,
            shownDefault: { $0[keyPath: key] ? "on" : nil },
            store: { config, text, source in
                switch text.lowercased() {
                case "1", "true", "yes", "on": config[keyPath: key] = true
                case "0", "false", "no", "off": config[keyPath: key] = false
                default: return "\(source) must be 1 or 0 (yes or no), not '\(text)'"
                }
                return nil
            })
    }
}
