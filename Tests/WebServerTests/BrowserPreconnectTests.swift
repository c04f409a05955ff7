import Foundation
import TestSupport
import Testing

@testable import WebServer

/// A browser opens spare connections before it needs them and may leave one silent for a
/// while; the port must not greet it as a line client, or the request it later sends there
/// gets the greeting back and the page fails to load a file.
@Suite struct BrowserPreconnectTests {
    /// A raw connection that stays silent `silence`, then asks for `path`, and reads what
    /// comes back first.
    static func sparedRequest(port: UInt16, after silence: Duration, path: String) throws
        -> String
    {
        let client = try LineClient.connect(port: port)
        Thread.sleep(
            forTimeInterval: Double(silence.components.attoseconds) / 1e18
                + Double(silence.components.seconds))
        try client.sendRaw(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        return try client.readLine() ?? ""
    }

    @Test func aSpareConnectionOfABrowserIsNotGreeted() throws {
        let server = try WebTestServer(
            settings: WebSite.Settings(greetingWait: .milliseconds(50)))
        #expect(try HTTPTestResponse.request(port: server.port, "/").status == 200)
        // Silent for six times the line clients' wait, as a busy phone leaves a spare one.
        let first = try Self.sparedRequest(
            port: server.port, after: .milliseconds(300),
            path: "/app.js")
        #expect(first.hasPrefix("HTTP/1.1 200"), "got \(first)")
    }

    /// A browser may open its spare connection before the request that makes it known as a
    /// browser is read: the port asks at the end of the short wait, not at the accept.
    @Test func aSpareOpenedBeforeTheFirstRequestIsNotGreeted() throws {
        let server = try WebTestServer(
            settings: WebSite.Settings(greetingWait: .milliseconds(300)))
        let spare = try LineClient.connect(port: server.port)
        #expect(try HTTPTestResponse.request(port: server.port, "/").status == 200)
        Thread.sleep(forTimeInterval: 0.7)
        try spare.sendRaw(Array("GET /app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        let first = try spare.readLine() ?? ""
        #expect(first.hasPrefix("HTTP/1.1 200"), "got \(first)")
    }

    /// The host of a game night opens the page, then `nc` on the same machine: a line client
    /// that types anything is greeted at once, even while the page is loading.
    @Test func aLineClientThatSpeaksBesideALoadingPageIsGreetedAtOnce() throws {
        let server = try WebTestServer(
            settings: WebSite.Settings(greetingWait: .milliseconds(50)))
        #expect(try HTTPTestResponse.request(port: server.port, "/").status == 200)
        let started = ContinuousClock.now
        let client = try LineClient.connect(port: server.port)
        try client.send("hello ann")
        #expect(try client.readLine() == "hello lines")
        #expect(try client.readLine() == "echo: hello ann")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aBrowserPeerIsStillGreetedAfterTheLongWait() throws {
        var settings = WebSite.Settings(greetingWait: .milliseconds(50))
        settings.browserGreetingWait = .milliseconds(400)
        let server = try WebTestServer(settings: settings)
        #expect(try HTTPTestResponse.request(port: server.port, "/").status == 200)
        let started = ContinuousClock.now
        let client = try LineClient.connect(port: server.port)
        #expect(try client.readLine() == "hello lines")
        #expect(ContinuousClock.now - started >= .milliseconds(350))
    }

    @Test func anAddressForgottenAfterItsWindowIsGreetedAtOnce() throws {
        var settings = WebSite.Settings(greetingWait: .milliseconds(50))
        settings.browserWindow = .milliseconds(100)
        let server = try WebTestServer(settings: settings)
        #expect(try HTTPTestResponse.request(port: server.port, "/").status == 200)
        Thread.sleep(forTimeInterval: 0.2)
        let started = ContinuousClock.now
        let client = try LineClient.connect(port: server.port)
        #expect(try client.readLine() == "hello lines")
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func peersAreKnownByAddressAndTheListIsBounded() {
        var peers = BrowserPeers()
        let now = ContinuousClock.now
        peers.noteHTTP(from: "192.168.1.5:51034", at: now)
        #expect(peers.spokeHTTP("192.168.1.5:40000", within: .seconds(1), at: now))
        #expect(!peers.spokeHTTP("192.168.1.6:40000", within: .seconds(1), at: now))
        #expect(!peers.spokeHTTP("192.168.1.5:40000", within: .seconds(1), at: now + .seconds(2)))
        #expect(BrowserPeers.address(of: "[fe80::1]:80") == "fe80::1")
        #expect(BrowserPeers.address(of: "fe80::1") == "fe80::1")
        for i in 0..<(BrowserPeers.capacity + 10) {
            peers.noteHTTP(from: "10.0.\(i / 256).\(i % 256):1", at: now + .milliseconds(i))
        }
        #expect(!peers.spokeHTTP("192.168.1.5:1", within: .seconds(100), at: now))
    }
}
