/// What a command line asks for.
public enum Parsed<Config> {
    /// Run with this configuration.
    case run(Config)
    /// Print the usage text and exit successfully.
    case help
}

extension Parsed: Sendable where Config: Sendable {}
extension Parsed: Equatable where Config: Equatable {}
