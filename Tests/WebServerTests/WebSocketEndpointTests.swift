import Foundation
import LineServer
import TestSupport
import Testing
import WebServer
import WebSocket

@Suite struct WebSocketEndpointTests {
    @Test func handshakeOpensTheHandlerAndMessagesAreLines() throws {
        let server = try WebTestServer()
        let client = try WebSocketTestClient.connect(
            port: server.port, origin: "http://127.0.0.1:\(server.port)")
        #expect(client.responseHead.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        #expect(!client.responseHead.lowercased().contains("sec-websocket-extensions"))
        #expect(try client.nextText() == "hello websocket")
        try client.send("ann")
        #expect(try client.nextText() == "echo: ann")
        // Each line the handler sends is one text message, without its newline.
        try client.send("lines 3")
        #expect(try [client.nextText(), client.nextText(), client.nextText()] == ["line 0", "line 1", "line 2"])
        #expect(server.log.protocols == ["websocket"])
    }

    @Test func fragmentsWithControlFramesBetweenMakeOneLine() throws {
        let server = try WebTestServer()
        let client = try WebSocketTestClient.connect(port: server.port)
        _ = try client.nextText()
        let text = Array("3♦ 2♠".utf8)
        try client.sendFrame(.text, Array(text[0..<2]), fin: false)
        try client.sendFrame(.ping, Array("tick".utf8))
        try client.sendFrame(.continuation, Array(text[2...]))
        #expect(try client.next() == .pong(Data("tick".utf8)))
        #expect(try client.nextText() == "echo: 3♦ 2♠")
    }

    /// The frames arrive one byte per write: the server reads them whatever the chops.
    @Test func frameBytesArrivingOneAtATime() throws {
        let server = try WebTestServer()
        let client = try WebSocketTestClient.connect(port: server.port)
        _ = try client.nextText()
        for byte in client.frame(.text, Array("slow ♥".utf8)) { try client.socket.sendRaw([byte]) }
        #expect(try client.nextText() == "echo: slow ♥")
    }

    @Test(arguments: [
        ("binary", WebSocketCloseCode.unsupportedData),
        ("unmasked", .protocolError), ("reserved bit", .protocolError),
        ("reserved opcode", .protocolError), ("bad utf-8", .invalidPayload),
        ("long ping", .protocolError), ("bad close code", .protocolError),
    ])
    func refusalsCloseWithTheirCode(kind: String, code: WebSocketCloseCode) throws {
        let server = try WebTestServer()
        let client = try WebSocketTestClient.connect(port: server.port)
        _ = try client.nextText()
        switch kind {
        case "binary": try client.sendFrame(.binary, [1, 2, 3])
        case "unmasked": try client.socket.sendRaw([0x81, 0x02, 0x68, 0x69])
        case "reserved bit":
            var frame = client.frame(.text, Array("hi".utf8))
            frame[0] |= 0x40
            try client.socket.sendRaw(frame)
        case "reserved opcode":
            var frame = client.frame(.text, [])
            frame[0] = 0x83
            try client.socket.sendRaw(frame)
        case "bad utf-8": try client.sendFrame(.text, [0x41, 0xED, 0xA0, 0x80])
        case "long ping": try client.sendFrame(.ping, [UInt8](repeating: 1, count: 126))
        default: try client.sendFrame(.close, [0x03, 0xEC])
        }
        #expect(try client.closeFrame()?.code == code)
        #expect(try client.next() == nil, "the server closes the TCP connection")
        #expect(server.log.awaitClose())
        #expect(server.log.closes == [.protocolViolation])
        #expect(server.site.counters.snapshot.closeCodesSent == [code.rawValue: 1])
    }

    /// The declared length is refused from the header alone: the handler is told of a line
    /// too long, its reply goes out, then close 1009.
    @Test func oversizedMessageGetsTheLineErrorThen1009() throws {
        let server = try WebTestServer(settings: WebSite.Settings(maxMessageBytes: 1_000))
        let client = try WebSocketTestClient.connect(port: server.port)
        _ = try client.nextText()
        var header: [UInt8] = []
        WebSocketFrameEncoder.appendHeader(.text, length: 1 << 30, maskKey: (1, 2, 3, 4), to: &header)
        try client.socket.sendRaw(header)
        #expect(try client.nextText() == "too long")
        #expect(try client.closeFrame()?.code == .messageTooBig)
        #expect(server.log.awaitClose())
        #expect(server.log.closes == [.lineTooLong])
    }

    @Test func closingHandshakeFromTheClient() throws {
        let server = try WebTestServer()
        let client = try WebSocketTestClient.connect(port: server.port)
        _ = try client.nextText()
        try client.sendFrame(.close, [0x0F, 0xA0] + Array("done".utf8))
        let close = try client.closeFrame()
        #expect(close?.code == WebSocketCloseCode(rawValue: 4000), "the code is echoed")
        #expect(try client.next() == nil)
        #expect(server.log.awaitClose())
        #expect(server.log.closes == [.peerClosed])
        let counts = server.site.counters.snapshot
        #expect(counts.closeCodesReceived == [4000: 1])
        #expect(counts.closeCodesSent == [4000: 1])
        #expect(counts.webSocketConnections == 1 && counts.webSocketsOpen == 0)
    }

    @Test func closingHandshakeFromTheServer() throws {
        let server = try WebTestServer()
        let client = try WebSocketTestClient.connect(port: server.port)
        _ = try client.nextText()
        try client.send("quit")
        #expect(try client.closeFrame()?.code == .goingAway)
        try? client.sendFrame(.close, [0x03, 0xE9])
        #expect(try client.next() == nil)
        #expect(server.log.awaitClose())
        #expect(server.log.closes == [.closedByServer])
    }

    @Test func shutdownSendsTheFinalLineAndAClose() throws {
        let server = try WebTestServer()
        let client = try WebSocketTestClient.connect(port: server.port)
        _ = try client.nextText()
        server.server.shutdown(finalLine: Data("bye\n".utf8)) {}
        #expect(try client.nextText() == "bye")
        #expect(try client.closeFrame()?.code == .goingAway)
    }

    @Test func aSilentPeerIsPingedThenClosed() throws {
        let settings = WebSite.Settings(pingInterval: .milliseconds(200), pongTimeout: .milliseconds(200))
        let server = try WebTestServer(settings: settings)
        let client = try WebSocketTestClient.connect(port: server.port)
        _ = try client.nextText()
        #expect(try client.next() == .ping(Data()))
        // No pong: closed as gone.
        #expect(try client.closeFrame()?.code == .goingAway)
        #expect(server.log.awaitClose())
        #expect(server.log.closes == [.idleTimeout])
        #expect(server.site.counters.snapshot.closeCodesReceived == [1006: 1])
    }

    @Test func aPeerThatAnswersPingsStays() throws {
        let settings = WebSite.Settings(pingInterval: .milliseconds(150), pongTimeout: .milliseconds(150))
        let server = try WebTestServer(settings: settings)
        let client = try WebSocketTestClient.connect(port: server.port)
        _ = try client.nextText()
        for _ in 0..<3 {
            #expect(try client.next() == .ping(Data()))
            try client.sendFrame(.pong, [])
        }
        try client.send("still here")
        #expect(try client.nextText() == "echo: still here")
    }

    @Test func anUnfinishedMessageIsCutOff() throws {
        let settings = WebSite.Settings(unfinishedMessageTimeout: .milliseconds(300))
        let server = try WebTestServer(settings: settings)
        let client = try WebSocketTestClient.connect(port: server.port)
        _ = try client.nextText()
        try client.sendFrame(.text, Array("half".utf8), fin: false)
        #expect(try client.nextText() == "timed out")
        #expect(try client.closeFrame()?.code == .policyViolation)
    }

    @Test func handshakeRefusals() throws {
        let server = try WebTestServer()
        let port = server.port
        func answer(_ request: String) throws -> HTTPTestResponse {
            try HTTPTestResponse.exchange(request, on: try LineClient.connect(port: port))
        }
        let plain = try HTTPTestResponse.request(port: port, "/ws")
        #expect(plain.status == 426)
        #expect(plain.fields["upgrade"] == "websocket")
        let version = try answer(
            WebSocketTestClient.handshake(port: port).replacingOccurrences(
                of: "Sec-WebSocket-Version: 13", with: "Sec-WebSocket-Version: 8"))
        #expect(version.status == 426)
        #expect(version.fields["sec-websocket-version"] == "13")
        #expect(try answer(WebSocketTestClient.handshake(port: port, key: "c2hvcnQ=")).status == 400)
        let noConnection = WebSocketTestClient.handshake(port: port).replacingOccurrences(
            of: "Connection: keep-alive, Upgrade", with: "Connection: keep-alive")
        #expect(try answer(noConnection).status == 400)
        let post = WebSocketTestClient.handshake(port: port).replacingOccurrences(of: "GET", with: "POST")
        #expect(try answer(post).status == 405)
        #expect(server.log.protocols.isEmpty)
    }

    @Test func originsOtherThanTheServersOwnAreForbidden() throws {
        let server = try WebTestServer(settings: WebSite.Settings(extraOrigins: ["https://games.example"]))
        let port = server.port
        for origin in ["http://evil.example", "http://127.0.0.1:1", "null", "http://localhost.evil.example:\(port)"] {
            let response = try HTTPTestResponse.exchange(
                WebSocketTestClient.handshake(port: port, origin: origin), on: try LineClient.connect(port: port))
            #expect(response.status == 403, "\(origin)")
        }
        for origin in ["http://127.0.0.1:\(port)", "http://localhost:\(port)", "https://games.example", nil] {
            #expect(throws: Never.self) { try WebSocketTestClient.connect(port: port, origin: origin) }
        }
    }
}
