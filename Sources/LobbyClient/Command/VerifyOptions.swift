import CommandOptions

/// Options of `verify`.
public struct VerifyOptions: Equatable, Sendable {
    /// Seed in hex.
    public var seed: String?
    /// Commitment in hex.
    public var commitment: String?
    /// Dealt hands, `|`-separated.
    public var hands: String?
    /// Remaining hands, `|`-separated.
    public var remaining: String?
    /// A file of JSON lines: game log records (`games.jsonl`) or `deal_end` messages.
    public var record: String?

    /// Creates options directly.
    public init(
        seed: String? = nil, commitment: String? = nil, hands: String? = nil,
        remaining: String? = nil, record: String? = nil
    ) {
        self.seed = seed
        self.commitment = commitment
        self.hands = hands
        self.remaining = remaining
        self.record = record
    }

    /// Every option of `verify`.
    static let options: [Option<VerifyOptions>] = [
        .value("seed", .string("HEX"), at: \.seed, help: "the deal's revealed seed"),
        .value(
            "commitment", .string("HEX"), at: \.commitment,
            help: "the commitment announced before the deal"),
        .value(
            "hands", .string("HANDS"), at: \.hands,
            help: "the hands you were shown, seats separated by '|', e.g. \"3D 4C …|…|…|…\""),
        .value("initial-hands", .string("HANDS"), at: \.hands, help: "the same as --hands"),
        .value("remaining", .string("HANDS"), at: \.remaining, help: "the hands left at the end"),
        .value(
            "record", .string("FILE"), at: \.record,
            help: "a file of JSON lines: the server's games.jsonl, or deal_end messages"),
    ]

    /// The `verify` command.
    static let command = Command(
        name: "\(ClientCommand.program) verify",
        summary: "Checks a finished deal offline: that the seed matches the commitment and deals "
            + "the hands shown. Give --seed and --commitment (with any hands), or --record FILE.",
        options: options)

    /// Parses the options of `verify`.
    static func parse(_ arguments: [String], environment: [String: String])
        throws(UsageError) -> ClientCommand
    {
        try command.clientCommand(arguments, environment: environment, defaults: VerifyOptions()) {
            options throws(UsageError) in
            if options.record == nil && (options.seed == nil || options.commitment == nil) {
                throw command.failure("verify needs --seed and --commitment, or --record FILE")
            }
            return .verify(options)
        }
    }
}
