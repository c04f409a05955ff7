// swift-tools-version:6.1
import Foundation
import PackageDescription

let package = Package(
    name: "BigTwoServer",
    products: [
        .library(name: "CardGames", targets: ["CardGames"]),
        .library(name: "QRCode", targets: ["QRCode"]),
        .library(name: "CommandOptions", targets: ["CommandOptions"]),
        .library(name: "Locking", targets: ["Locking"]),
        .library(name: "WireJSON", targets: ["WireJSON"]),
        .library(name: "LobbyProtocol", targets: ["LobbyProtocol"]),
        .library(name: "TextMode", targets: ["TextMode"]),
        .library(name: "LineServer", targets: ["LineServer"]),
        .library(name: "WebSocket", targets: ["WebSocket"]),
        .library(name: "WebServer", targets: ["WebServer"]),
        .library(name: "WebClient", targets: ["WebClient"]),
        .library(name: "TableCore", targets: ["TableCore"]),
        .library(name: "GameRecords", targets: ["GameRecords"]),
        .library(name: "LobbyServer", targets: ["LobbyServer"]),
        .library(name: "LobbyClient", targets: ["LobbyClient"]),
        .executable(name: "bigtwo-server", targets: ["bigtwo-server"]),
        .executable(name: "bigtwo-client", targets: ["bigtwo-client"]),
        .executable(name: "bigtwo-sim", targets: ["bigtwo-sim"]),
        .executable(name: "websocket-echo", targets: ["websocket-echo"]),
    ],
    targets: [
        // Pure rules: cards, Big Two, E-Card, seeded RNG, shuffle, SHA-256, bots. No I/O.
        .target(name: "CardGames"),
        // QR codes of the server's address, for the terminal and the web page. No I/O.
        .target(name: "QRCode"),
        // Declared command-line options: parsing, environment variables, usage text. No I/O.
        .target(name: "CommandOptions"),
        // Shared state: a value behind an NSLock, a lock the thread sanitizer sees (it does not
        // see Mutex), and values bound to a queue or a lane, checked at every access.
        .target(name: "Locking"),
        // Bot-vs-bot simulation with invariant checks, run on worker threads.
        .target(
            name: "Simulator",
            dependencies: [
                "CardGames", "LobbyProtocol", "GameRecords", "CommandOptions", "Locking",
            ]),
        // JSON without games: a strict reader, a tree decoder, one writer, Foundation's settings.
        // It knows cards only so that the commonest value of the wire is written without an
        // encoder of its own.
        .target(name: "WireJSON", dependencies: ["CardGames"]),
        // Wire messages and card notation shared by server and client.
        .target(name: "LobbyProtocol", dependencies: ["CardGames", "WireJSON"]),
        // The text mode for people on a raw TCP connection: server messages as plain lines.
        .target(name: "TextMode", dependencies: ["CardGames", "LobbyProtocol"]),
        // Linux's epoll and eventfd behind a few C functions, for LineServer's event loop.
        .target(name: "CEventPoll"),
        // A line-oriented TCP server: sockets, connections, framing, bounded output, counters.
        // It knows nothing of games or JSON.
        .target(name: "LineServer", dependencies: ["CEventPoll"]),
        // RFC 6455 without I/O: frames, masking, UTF-8 checks, the handshake's rules, SHA-1.
        .target(name: "WebSocket"),
        // HTTP and WebSocket on a LineServer port: sniffing the first bytes, strict HTTP/1.1
        // GET and HEAD of embedded files, the WebSocket endpoint, origins, health. No games.
        .target(name: "WebServer", dependencies: ["LineServer", "WebSocket", "Locking"]),
        // The web page: the files under www/, compiled into the binary and served under `/`.
        .target(name: "WebClient", exclude: ["www"], plugins: ["EmbedWebClient"]),
        // Turns a folder into Swift source, for EmbedWebClient.
        .executableTarget(name: "embed-files"),
        .plugin(name: "EmbedWebClient", capability: .buildTool(), dependencies: ["embed-files"]),
        // Tables as pure values: seats, people, timers and the games, inputs in, effects out.
        .target(name: "TableCore", dependencies: ["CardGames", "LobbyProtocol"]),
        // The game log and its record format: replay and verification of a record, the line
        // encoder, segments, group commit, index, checkpoint.
        .target(
            name: "GameRecords",
            dependencies: ["CardGames", "LobbyProtocol", "Locking", "WireJSON"]),
        // Lobby, table hosts, timers, over LineServer, TableCore and GameRecords.
        .target(
            name: "LobbyServer",
            dependencies: [
                "CardGames", "LobbyProtocol", "LineServer", "TableCore", "GameRecords",
                "CommandOptions", "Locking", "QRCode", "TextMode", "WireJSON", "WebServer",
                "WebClient",
            ]),
        // Terminal client, autoplay, verify, soak and bench.
        .target(
            name: "LobbyClient",
            dependencies: [
                "CardGames", "LobbyProtocol", "CommandOptions", "GameRecords", "Locking",
                "TextMode", "WebSocket", "WireJSON",
            ]),

        .executableTarget(name: "bigtwo-server", dependencies: ["LobbyServer", "CommandOptions"]),
        .executableTarget(name: "bigtwo-client", dependencies: ["LobbyClient", "CommandOptions"]),
        .executableTarget(name: "bigtwo-sim", dependencies: ["Simulator"]),
        // The conformance testee: echoes WebSocket messages on loopback.
        .executableTarget(name: "websocket-echo", dependencies: ["WebServer", "CommandOptions"]),

        // Helpers shared by several test targets (not shipped).
        .target(
            name: "TestSupport",
            dependencies: ["CardGames", "GameRecords", "LobbyProtocol", "WebSocket"],
            path: "Tests/TestSupport"),

        .testTarget(name: "CardGamesTests", dependencies: ["CardGames"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "CommandOptionsTests", dependencies: ["CommandOptions"]),
        .testTarget(name: "LockingTests", dependencies: ["Locking"]),
        .testTarget(name: "WireJSONTests", dependencies: ["WireJSON", "CardGames"]),
        .testTarget(
            name: "SimulatorTests",
            dependencies: [
                "Simulator", "CardGames", "CommandOptions", "GameRecords", "LobbyProtocol",
                "TestSupport", "WireJSON",
            ]),
        .testTarget(
            name: "LobbyProtocolTests",
            dependencies: ["LobbyProtocol", "CardGames", "TestSupport", "WireJSON"]),
        .testTarget(
            name: "TextModeTests",
            dependencies: ["TextMode", "LobbyProtocol", "CardGames", "TestSupport"]),
        .testTarget(
            name: "LineServerTests", dependencies: ["LineServer", "Locking", "TestSupport"]),
        .testTarget(name: "WebSocketTests", dependencies: ["WebSocket", "CardGames"]),
        .testTarget(
            name: "WebServerTests",
            dependencies: ["WebServer", "WebSocket", "LineServer", "TestSupport"]),
        .testTarget(name: "WebClientEmbeddingTests", dependencies: ["WebClient", "WebServer"]),
        .testTarget(
            name: "TableCoreTests", dependencies: ["TableCore", "LobbyProtocol", "CardGames"]),
        .testTarget(
            name: "GameRecordsTests",
            dependencies: [
                "GameRecords", "LobbyProtocol", "CardGames", "Locking", "TestSupport", "WireJSON",
            ]),
        .testTarget(
            name: "LobbyServerTests",
            dependencies: [
                "LobbyServer", "GameRecords", "LobbyProtocol", "CardGames", "CommandOptions",
                "Locking", "TestSupport", "WireJSON", "WebSocket", "WebClient",
            ]),
        .testTarget(
            name: "LobbyClientTests",
            dependencies: [
                "LobbyClient", "LobbyServer", "GameRecords", "LobbyProtocol", "CardGames",
                "CommandOptions", "Locking", "TestSupport", "TextMode", "WireJSON",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// A libFuzzer target over the request parser. It breaks a plain build, so it exists only when
// asked for (see README.md, "Fuzzing").
if ProcessInfo.processInfo.environment["BIGTWO_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "request-fuzz", dependencies: ["LobbyProtocol", "CardGames", "WireJSON"],
            path: "Tests/Fuzz/RequestFuzz",
            swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-parse-as-library"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]))
    package.products.append(.executable(name: "request-fuzz", targets: ["request-fuzz"]))
}
