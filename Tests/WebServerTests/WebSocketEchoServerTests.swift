import Dispatch
import Foundation
import TestSupport
import Testing
import WebServer
import WebSocket

/// The conformance testee echoes what the game endpoint would refuse, over the same codec.
@Suite struct WebSocketEchoServerTests {
    @Test func everyMessageComesBackAsItCame() throws {
        let server = WebSocketEchoServer(port: 0)
        let port = try server.start()
        defer {
            let done = DispatchSemaphore(value: 0)
            server.stop { done.signal() }
            done.wait()
        }
        // Any path is taken, and no greeting comes first.
        let client = try WebSocketTestClient.connect(port: port, path: "/runCase?case=1")
        try client.send("3♦ 2♠")
        #expect(try client.next() == .text(Data("3♦ 2♠".utf8)))
        try client.sendFrame(.binary, [0, 0xFF, 0x80])
        #expect(try client.next() == .binary(Data([0, 0xFF, 0x80])))
        // Fragments with a ping between them make one message; the ping is answered first.
        try client.sendFrame(.text, Array("fragm".utf8), fin: false)
        try client.sendFrame(.ping, Array("tick".utf8))
        try client.sendFrame(.continuation, Array("ents".utf8))
        #expect(try client.next() == .pong(Data("tick".utf8)))
        #expect(try client.next() == .text(Data("fragments".utf8)))
        // Far above the game's line limit: the suites send up to 16 MiB.
        let large = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        try client.sendFrame(.binary, large)
        #expect(try client.next() == .binary(Data(large)))
        // Invalid UTF-8 is still refused with 1007.
        try client.sendFrame(.text, [0xC3, 0x28])
        #expect(try client.closeFrame()?.code == .invalidPayload)
    }
}
