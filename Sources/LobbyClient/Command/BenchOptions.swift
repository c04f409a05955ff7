import CommandOptions

/// Options of `bench`.
public struct BenchOptions: Equatable, Sendable {
    /// The server.
    public var address: ServerAddress
    /// Connections, each running closed-loop pings.
    public var clients: Int
    /// Duration in seconds.
    public var seconds: Double

    /// Creates options directly.
    public init(address: ServerAddress = ServerAddress(), clients: Int = 4, seconds: Double = 5) {
        self.address = address
        self.clients = clients
        self.seconds = seconds
    }

    /// Every option of `bench`.
    static let options: [Option<BenchOptions>] = [
        .value(
            "clients", short: "c", .count(minimum: 1), at: \.clients,
            help: "connections, each sending a ping as soon as the last one is answered"),
        .value(
            "seconds",
            ValueParser<Int>.count("S", minimum: 1).map({ Double($0) }, back: { Int($0) }),
            at: \.seconds, help: "how long to run"),
    ]

    /// The `bench` command.
    static let command = Command(
        name: "\(ClientCommand.program) bench",
        summary: "Measures ping round trips through the server as fast as it answers them.",
        arguments: [.address(at: \.address)], options: options)

    /// Parses the options of `bench`.
    static func parse(_ arguments: [String], environment: [String: String])
        throws(UsageError) -> ClientCommand
    {
        try command.clientCommand(arguments, environment: environment, defaults: BenchOptions()) {
            .bench($0)
        }
    }
}
