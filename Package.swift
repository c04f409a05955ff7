// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "BigTwoServer",
    products: [
        .library(name: "CardGames", targets: ["CardGames"]),
        .library(name: "LobbyProtocol", targets: ["LobbyProtocol"]),
        .library(name: "GameRecords", targets: ["GameRecords"]),
        .library(name: "LobbyServer", targets: ["LobbyServer"]),
        .library(name: "LobbyClient", targets: ["LobbyClient"]),
        .executable(name: "bigtwo-server", targets: ["bigtwo-server"]),
        .executable(name: "bigtwo-client", targets: ["bigtwo-client"]),
        .executable(name: "bigtwo-sim", targets: ["bigtwo-sim"]),
    ],
    targets: [
        // Pure rules: cards, Big Two, E-Card, seeded RNG, shuffle, SHA-256, bots. No I/O.
        .target(name: "CardGames"),
        // Bot-vs-bot simulation with invariant checks, run on worker threads.
        .target(name: "Simulator", dependencies: ["CardGames", "LobbyProtocol", "GameRecords"]),
        // Wire messages and card notation shared by server and client.
        .target(name: "LobbyProtocol", dependencies: ["CardGames"]),
        // The durable game log: segments, group commit, index, checkpoint.
        .target(name: "GameRecords", dependencies: ["CardGames", "LobbyProtocol"]),
        // Sockets, connections, lobby, tables, timers.
        .target(
            name: "LobbyServer", dependencies: ["CardGames", "LobbyProtocol", "GameRecords"]),
        // Terminal client, autoplay, verify, soak and bench.
        .target(name: "LobbyClient", dependencies: ["CardGames", "LobbyProtocol"]),

        .executableTarget(name: "bigtwo-server", dependencies: ["LobbyServer"]),
        .executableTarget(name: "bigtwo-client", dependencies: ["LobbyClient"]),
        .executableTarget(name: "bigtwo-sim", dependencies: ["Simulator"]),

        // Helpers shared by several test targets (not shipped).
        .target(
            name: "TestSupport", dependencies: ["CardGames", "LobbyProtocol"],
            path: "Tests/TestSupport"),

        .testTarget(name: "CardGamesTests", dependencies: ["CardGames"]),
        .testTarget(
            name: "SimulatorTests",
            dependencies: ["Simulator", "CardGames", "GameRecords", "LobbyProtocol"]),
        .testTarget(
            name: "LobbyProtocolTests", dependencies: ["LobbyProtocol", "CardGames", "TestSupport"]),
        .testTarget(
            name: "LobbyServerTests",
            dependencies: [
                "LobbyServer", "GameRecords", "LobbyProtocol", "CardGames", "TestSupport",
            ]),
        .testTarget(
            name: "LobbyClientTests",
            dependencies: [
                "LobbyClient", "LobbyServer", "GameRecords", "LobbyProtocol", "CardGames",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// A libFuzzer target over the request parser. It breaks a plain build, so it exists only when
// asked for (see README.md, "Fuzzing").
if ProcessInfo.processInfo.environment["BIGTWO_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "request-fuzz", dependencies: ["LobbyProtocol", "CardGames"],
            path: "Tests/Fuzz/RequestFuzz",
            swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]))
    package.products.append(.executable(name: "request-fuzz", targets: ["request-fuzz"]))
}
