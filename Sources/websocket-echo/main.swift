import CommandOptions
import Dispatch
import Foundation
import WebServer

/// What the command line asks for.
struct EchoOptions: Sendable {
    var port: UInt16 = 9001
}

let command = Command<EchoOptions>(
    name: "websocket-echo",
    summary: "Echoes every WebSocket message on 127.0.0.1, over the server's own codec: the "
        + "testee for WebSocket conformance suites.",
    options: [
        .value(
            "port", short: "p",
            ValueParser<Int>.count("PORT", maximum: Int(UInt16.max)).map(
                { UInt16($0) }, back: { Int($0) }),
            at: \.port, help: "TCP port on 127.0.0.1, 0 for any free port")
    ])

let options: EchoOptions
do {
    switch try command.parse(Array(CommandLine.arguments.dropFirst()), defaults: EchoOptions()) {
    case .help:
        print(command.usage(defaults: EchoOptions()))
        exit(0)
    case .run(let parsed):
        options = parsed
    }
} catch {
    FileHandle.standardError.write(Data(error.report.utf8))
    exit(UsageError.exitStatus)
}

let server = WebSocketEchoServer(port: options.port)
do {
    let port = try server.start()
    print("websocket-echo: ws://127.0.0.1:\(port)")
    fflush(nil)
} catch {
    FileHandle.standardError.write(Data("websocket-echo: \(error)\n".utf8))
    exit(1)
}
dispatchMain()
