/// A positional argument of a command, e.g. the server address `HOST[:PORT]`. Positional
/// arguments are optional: a missing one leaves the default.
public struct Argument<Config>: Sendable {
    /// The name shown in the usage text.
    public let name: String
    /// What the argument is, for people.
    public let help: String
    /// The default shown in the usage text, given the configuration's defaults.
    let shownDefault: @Sendable (Config) -> String?
    /// Stores the argument; returns a message when it is not valid.
    let store: @Sendable (inout Config, String) -> String?

    /// An argument that `store` reads into the configuration, returning a message for people
    /// when the text is not valid; `shown` gives the default for the usage text.
    public init(
        _ name: String, help: String, shown: @escaping @Sendable (Config) -> String?,
        store: @escaping @Sendable (inout Config, String) -> String?
    ) {
        self.name = name
        self.help = help
        self.shownDefault = shown
        self.store = store
    }
}
