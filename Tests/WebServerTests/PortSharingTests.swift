import Foundation
import LineServer
import TestSupport
import Testing
import WebServer

/// The line protocol beside HTTP and WebSocket on one port.
@Suite struct PortSharingTests {
    /// A line client that says nothing is greeted once the greeting wait has passed.
    @Test func aSilentLineClientIsGreetedAfterTheWait() throws {
        let server = try WebTestServer()
        let started = ContinuousClock.now
        let client = try LineClient.connect(port: server.port)
        #expect(try client.readLine() == "hello lines")
        #expect(ContinuousClock.now - started >= .milliseconds(200))
    }

    /// A line client that speaks at once still gets the greeting first.
    @Test func aLineClientSpeakingAtOnceIsGreetedFirst() throws {
        let server = try WebTestServer()
        let client = try LineClient.connect(port: server.port)
        try client.send(#"{"type":"hello","name":"ann"}"#)
        try client.send("help")
        #expect(try client.readLine() == "hello lines")
        #expect(try client.readLine() == #"echo: {"type":"hello","name":"ann"}"#)
        #expect(try client.readLine() == "echo: help")
    }

    /// Words that begin like a method, and telnet's negotiation bytes, are lines.
    @Test func linesThatLookAlmostLikeRequests() throws {
        let server = try WebTestServer()
        for first in ["HEADLINE", "GE\n", "post office", "\u{FF}\u{FD}\u{18}x"] {
            let client = try LineClient.connect(port: server.port)
            try client.sendRaw(Array((first + "\n").utf8))
            #expect(try client.readLine() == "hello lines", "\(first)")
        }
    }

    /// The first bytes of a method, then silence: after the head timeout they are a line.
    @Test func anUndecidedStartBecomesALine() throws {
        let server = try WebTestServer(settings: WebSite.Settings(headTimeout: .milliseconds(300)))
        let client = try LineClient.connect(port: server.port)
        try client.sendRaw(Array("GE".utf8))
        #expect(try client.readLine() == "hello lines")
        try client.sendRaw(Array("T\n".utf8))
        #expect(try client.readLine() == "echo: GET")
    }

    /// Line, HTTP and WebSocket clients at the same time on the same port.
    @Test func allThreeAtOnce() throws {
        let server = try WebTestServer()
        let line = try LineClient.connect(port: server.port)
        let socket = try WebSocketTestClient.connect(port: server.port)
        try line.send("from the line")
        try socket.send("from the socket")
        #expect(try HTTPTestResponse.request(port: server.port, "/").status == 200)
        #expect(try line.readLines { $0.hasPrefix("echo") }.last == "echo: from the line")
        #expect(try socket.texts(until: "echo").last == "echo: from the socket")
        #expect(server.log.protocols.sorted() == ["lines", "websocket"])
    }

    /// With the server full, each client is told in its own protocol.
    @Test func refusalsSpeakThePeersProtocol() throws {
        let server = try WebTestServer(maxConnections: 1)
        let first = try LineClient.connect(port: server.port)
        // Kept open to the end: released early, it would make room for the others.
        defer { first.close() }
        #expect(try first.readLine() == "hello lines")
        let line = try LineClient.connect(port: server.port)
        try line.send("hi")
        #expect(try line.readLine() == "full")
        let silent = try LineClient.connect(port: server.port)
        #expect(try silent.readLine() == "full")
        let browser = try HTTPTestResponse.request(port: server.port, "/")
        #expect(browser.status == 503)
        #expect(browser.fields["retry-after"] != nil)
    }

    /// A request that arrives with the connection meets the refusal: the full server
    /// decides before it reads, so it never serves the request ahead of refusing it (this
    /// raced under load, when the request was already waiting at the first read).
    @Test func aRequestSentAtOnceToAFullServerIsRefused() throws {
        let server = try WebTestServer(maxConnections: 1)
        let first = try LineClient.connect(port: server.port)
        defer { first.close() }
        #expect(try first.readLine() == "hello lines")
        for attempt in 0..<30 {
            let browser = try HTTPTestResponse.request(port: server.port, "/")
            #expect(browser.status == 503, "attempt \(attempt)")
        }
    }

    /// Without lines on the port (the echo testee), other bytes are refused.
    @Test func aPortWithoutLinesClosesOnThem() throws {
        let server = try WebTestServer(settings: WebSite.Settings(servesLines: false))
        let client = try LineClient.connect(port: server.port)
        try client.send("hello")
        #expect(try client.readBytes() == nil)
        #expect(try HTTPTestResponse.request(port: server.port, "/").status == 200)
    }
}
