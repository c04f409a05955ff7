import CardGames
import Foundation
import LobbyProtocol
import Locking
import TestSupport
import Testing
import WebClient
import WebSocket

@testable import LobbyServer

@Suite("WebSocket sessions: the same lobby as TCP, JSON only")
struct WebSocketSessionTests {
    @Test("a whole Big Two deal is played over WebSocket")
    func wholeDeal() throws {
        let server = try TestServer()
        let ann = try server.login("ann", webSocket: true)
        guard case .created(let notice) = try ann.request(#"{"type":"create"}"#, expect: "created").event
        else { throw TestFailure("created") }
        #expect(notice.seat == 0)
        ann.seat = 0
        try ann.send(#"{"type":"start"}"#)
        guard case .dealStart(let deal) = try ann.waitFor("deal_start").event else {
            throw TestFailure("deal_start")
        }
        let end = try ann.playDeal()
        #expect(end.totals.reduce(0, +) == 0)
        let seed = try #require(DealSeed(hex: end.seed))
        #expect(seed.commitment == deal.commitment)
        #expect(Dealer.deal(seed: seed)[0] == CardSet(deal.hand ?? []))
        #expect(HiddenCards.leaks(in: ann.lines).isEmpty)
        #expect(try ann.greeting.event.type == "greeting")
    }

    @Test("a line client and a WebSocket client at the same table see the same deal")
    func mixedTable() throws {
        let server = try TestServer(seed: 11)
        let ann = try server.login("ann")
        let bob = try server.login("bob", webSocket: true)
        try ann.request("create name=mixed", expect: "created")
        ann.seat = 0
        guard case .joined(let joined) = try bob.request(#"{"type":"join","table":1}"#, expect: "joined").event
        else { throw TestFailure("joined") }
        bob.seat = joined.seat
        try ann.send("start")
        // Each plays its own seat on its own thread, as two people would.
        let bobsEnd = Locked<DealEnd?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            bobsEnd.withLock { $0 = try? bob.playDeal() }
            done.signal()
        }.start()
        let annsEnd = try ann.playDeal()
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(bobsEnd.value == annsEnd)
        #expect(annsEnd.totals.reduce(0, +) == 0)
        #expect(HiddenCards.leaks(in: ann.lines).isEmpty)
        #expect(HiddenCards.leaks(in: bob.lines).isEmpty)
    }

    @Test("a dropped WebSocket resumes its seat with the token, over WebSocket or TCP")
    func resumeAfterDrop() throws {
        let server = try TestServer(seed: 3, botDelayMilliseconds: 60_000)
        let ann = try server.login("ann", webSocket: true)
        let bob = try server.login("bob")
        try ann.request(#"{"type":"create"}"#, expect: "created")
        try bob.request("join 1", expect: "joined")
        try ann.request(#"{"type":"start"}"#, expect: "deal_start")
        let token = try #require(ann.token)
        // The phone vanishes: the TCP connection ends without a close frame.
        ann.close()
        guard case .seat(let away) = try bob.waitFor("seat").event else { throw TestFailure("seat") }
        #expect(away.seat == 0 && away.bot && away.reason == "disconnected")
        let again = try server.connectWebSocket()
        guard case .welcome(let body) = try again.request(jsonHello("ann", token: token), expect: "welcome").event
        else { throw TestFailure("welcome") }
        #expect(body.resumed && body.table == 1 && body.seat == 0)
        guard case .state(let snapshot) = try again.waitFor("state").event else { throw TestFailure("state") }
        #expect(snapshot.seat == 0 && snapshot.hand?.count == 13)
        // The same token works from a line client, which takes the session over.
        let line = try server.connect()
        try line.request(jsonHello("ann", token: token), expect: "welcome")
        #expect(try again.errorReply().code == .sessionReplaced)
    }

    @Test("protocol.md's WebSocket example is what the server does")
    func documentedHandshake() throws {
        let server = try TestServer()
        let request = [
            "GET /ws HTTP/1.1", "Host: 192.168.1.5:7777", "Origin: http://192.168.1.5:7777",
            "Upgrade: websocket", "Connection: keep-alive, Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ]
        let socket = try LineClient.connect(port: server.port)
        try socket.sendRaw(Array((request.joined(separator: "\r\n") + "\r\n\r\n").utf8))
        let client = try WebSocketTestClient.adopt(socket)
        var lines = request.map { "→ " + $0 }
        lines += client.responseHead.split(separator: "\r\n").map { "← " + $0 }
        lines.append("← (text) " + (try client.nextText()))
        let hello = #"{"type":"hello","name":"ann","id":1}"#
        try client.send(hello)
        lines.append("→ (text) " + hello)
        let welcome = try client.nextText()
        let token = try #require(welcome.firstRange(of: /"token":"[0-9a-z-]+"/))
        lines.append("← (text) " + welcome.replacingCharacters(in: token, with: #""token":"…""#))
        let heading = "(`→` sent by the client, `←` by the server, the token cut):"
        if let mismatch = try ProtocolDocument.mismatch(inBlockAfter: heading, lines: lines) {
            Issue.record(Comment(rawValue: mismatch))
        }
    }

    @Test("over WebSocket every message is JSON: plain commands and text mode are refused")
    func jsonOnly() throws {
        let server = try TestServer()
        let ann = try server.connectWebSocket()
        #expect(try ann.errorCode(for: "hello ann") == .badJSON)
        #expect(try ann.errorCode(for: #"{"type":"mode","mode":"text","id":4}"#) == .invalidField)
        try ann.request(#"{"type":"hello","name":"ann"}"#, expect: "welcome")
        try ann.request(#"{"type":"ping","id":5}"#, expect: "pong")
        #expect(try ann.errorCode(for: #"{"type":"list""#) == .badJSON)
        // Still JSON after the refused mode change.
        #expect(try ann.request(#"{"type":"who"}"#, expect: "who").event.type == "who")
    }

    @Test("a binary message closes with 1003, an oversized one with the line error and 1009")
    func refusedMessages() throws {
        let server = try TestServer()
        let binary = try WebSocketTestClient.connect(port: server.port)
        _ = try binary.nextText()
        try binary.sendFrame(.binary, [0x7B, 0x7D])
        #expect(try binary.closeFrame()?.code == .unsupportedData)
        let big = try WebSocketTestClient.connect(port: server.port)
        _ = try big.nextText()
        try big.send(String(repeating: " ", count: 65_537))
        let error = try big.nextText()
        #expect(error.contains(#""code":"line_too_long""#))
        #expect(try big.closeFrame()?.code == .messageTooBig)
        // A message of exactly the limit is read (and refused only as JSON).
        let limit = try WebSocketTestClient.connect(port: server.port)
        _ = try limit.nextText()
        try limit.send("{" + String(repeating: " ", count: 65_535))
        #expect(try limit.nextText().contains(#""code":"bad_json""#))
    }

    @Test("stats count the web side: HTTP replies, WebSocket sessions and close codes")
    func webStats() throws {
        let server = try TestServer()
        #expect(try HTTPTestResponse.request(port: server.port, "/").status == 200)
        #expect(try HTTPTestResponse.request(port: server.port, "/missing").status == 404)
        let closing = try WebSocketTestClient.connect(port: server.port)
        _ = try closing.nextText()
        try closing.sendFrame(.close, [0x03, 0xE8])
        _ = try closing.closeFrame()
        let ann = try server.login("ann", webSocket: true)
        var stats: StatsReply?
        for _ in 0..<200 {
            guard case .stats(let reply) = try ann.request(#"{"type":"stats"}"#, expect: "stats").event
            else { throw TestFailure("stats") }
            stats = reply
            if reply.web?.closeCodesReceived["1000"] == 1, reply.web?.websocketsOpen == 1 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let web = try #require(stats?.web)
        #expect(web.httpConnections == 4)
        #expect(web.httpResponses == ["101": 2, "200": 1, "404": 1])
        #expect(web.websocketConnections == 2 && web.websocketsOpen == 1)
        #expect(web.closeCodesReceived == ["1000": 1])
        #expect(web.closeCodesSent == ["1000": 1])
        let line = try #require(ann.lines.last)
        #expect(line.contains(#""web":{"close_codes_received":{"1000":1}"#))
        #expect(line.contains(#""protocol_error":0"#))
    }
}

@Suite("One port: line clients, the page and /health beside the WebSocket")
struct WebPortTests {
    @Test("a line client that says nothing is greeted after the wait; one that speaks first still is, in its own form")
    func greetingRules() throws {
        let server = try TestServer()
        let started = ContinuousClock.now
        let silent = try server.connect()
        #expect(try silent.greeting.event.type == "greeting")
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        let eager = try LineClient.connect(port: server.port)
        try eager.send(jsonHello("ann"))
        try eager.send(#"{"type":"ping","id":1}"#)
        #expect(try eager.readLine()?.contains(#""type":"greeting""#) == true)
        // The pong is answered on the connection, the welcome by the lobby: either may lead.
        let replies = [try eager.readLine() ?? "", try eager.readLine() ?? ""]
        #expect(replies.contains(#"{"id":1,"type":"pong"}"#))
        #expect(replies.contains { $0.contains(#""type":"welcome""#) })
        let typist = try LineClient.connect(port: server.port)
        try typist.send("hello bob")
        #expect(try typist.readLine() == TelnetGreetingTests.plainGreeting)
        #expect(try typist.readLine()?.hasPrefix("welcome, bob") == true)
    }

    @Test("with --web off every connection is a line client, greeted at once")
    func webOff() throws {
        let server = try TestServer(web: false)
        let client = try LineClient.connect(port: server.port)
        try client.send("GET / HTTP/1.1")
        // A typed first line is greeted, and answered, in plain text.
        #expect(try client.readLine() == TelnetGreetingTests.plainGreeting)
        #expect(
            try client.readLine()
                == "error (unknown_type): unknown command 'GET' (type help for the list)")
        let silent = try server.connect()
        #expect(try silent.greeting.event.type == "greeting")
    }

    @Test("the embedded page is served, every file with its type, and /health says ok")
    func pageAndHealth() throws {
        let server = try TestServer()
        let index = try HTTPTestResponse.request(port: server.port, "/")
        #expect(index.status == 200)
        #expect(index.fields["content-type"] == "text/html; charset=utf-8")
        #expect(index.text.contains("<html"))
        for (path, bytes) in WebClient.files {
            let response = try HTTPTestResponse.request(port: server.port, "/" + path)
            #expect(response.status == 200, "\(path)")
            #expect(response.body == bytes, "\(path)")
        }
        let health = try HTTPTestResponse.request(port: server.port, "/health")
        #expect(health.status == 200)
        #expect(health.text == #"{"problems":[],"status":"ok"}"# + "\n")
        #expect(health.fields["content-type"] == "application/json; charset=utf-8")
    }

    @Test("/health reports what parts of the server report: degraded is 200, failing 503")
    func healthFollowsTheStatus() throws {
        let server = try TestServer()
        server.server.status.report("disk_full", .degraded, "the data disk is full")
        let degraded = try HTTPTestResponse.request(port: server.port, "/health")
        #expect(degraded.status == 200)
        #expect(degraded.text.contains(#""status":"degraded""#))
        #expect(degraded.text.contains(#""detail":"the data disk is full""#))
        server.server.status.report("game_log", .failing, "the game log cannot be written")
        #expect(try HTTPTestResponse.request(port: server.port, "/health").status == 503)
        server.server.status.clear("game_log")
        server.server.status.clear("disk_full")
        #expect(try HTTPTestResponse.request(port: server.port, "/health").text.contains(#""status":"ok""#))
    }

    @Test("a page from another site may not open a WebSocket; --web-origin allows more")
    func origins() throws {
        let server = try TestServer(webOrigins: ["http://gamebox.lan:7777"])
        let port = server.port
        let evil = try HTTPTestResponse.exchange(
            WebSocketTestClient.handshake(port: port, origin: "http://evil.example"),
            on: try LineClient.connect(port: port))
        #expect(evil.status == 403)
        _ = try WebSocketTestClient.connect(port: port, origin: "http://127.0.0.1:\(port)")
        _ = try WebSocketTestClient.connect(port: port, origin: "http://gamebox.lan:7777")
    }

    @Test("the start-up address list on loopback names the page, and the page is there")
    func addressListOnLoopback() throws {
        let server = try TestServer()
        let lines = ServerStartup.announcement(host: "127.0.0.1", port: server.port, lanAddresses: [])
        let pages = lines.filter { $0.hasPrefix("phones and laptops: ") }
        #expect(pages == ["phones and laptops: http://127.0.0.1:\(server.port)"])
        for page in pages {
            let address = page.dropFirst("phones and laptops: http://".count)
            let port = try #require(UInt16(address.split(separator: ":").last ?? ""))
            #expect(try HTTPTestResponse.request(port: port, "/").status == 200)
        }
        #expect(ServerStartup.ownHosts(listeningOn: "0.0.0.0").isSuperset(of: ServerStartup.lanAddresses()))
        #expect(!ServerStartup.ownHosts(listeningOn: "0.0.0.0").contains("0.0.0.0"))
    }
}
