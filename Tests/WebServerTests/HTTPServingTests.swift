import Foundation
import TestSupport
import Testing
import WebServer

@Suite struct HTTPServingTests {
    @Test func servesTheIndexPageWithEveryHeader() throws {
        let server = try WebTestServer()
        let response = try HTTPTestResponse.request(port: server.port, "/")
        #expect(response.status == 200)
        #expect(response.text == "<!doctype html><title>Big Two</title><p>3♦ 2♠</p>\n")
        #expect(response.fields["content-type"] == "text/html; charset=utf-8")
        #expect(response.fields["content-length"] == String(response.body.count))
        #expect(response.fields["etag"]?.hasPrefix("\"") == true)
        #expect(response.fields["cache-control"] == "no-cache")
        #expect(response.fields["x-content-type-options"] == "nosniff")
        #expect(response.fields["date"]?.hasSuffix(" GMT") == true)
        let policy = try #require(response.fields["content-security-policy"])
        #expect(policy.contains("default-src 'self'"))
        #expect(policy.contains("connect-src 'self' ws://127.0.0.1:\(server.port)"))
        #expect(server.log.protocols.isEmpty, "an HTTP client is no handler's")
        #expect(!response.head.contains("hello"), "no greeting line before the reply")
    }

    @Test func filesHaveTheirTypesAndPaths() throws {
        let server = try WebTestServer()
        let script = try HTTPTestResponse.request(port: server.port, "/app.js")
        #expect(script.fields["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.text == "export const suits = '♦♣♥♠';\n")
        let style = try HTTPTestResponse.request(port: server.port, "/views/table.css?v=2")
        #expect(style.fields["content-type"] == "text/css; charset=utf-8")
        #expect(try HTTPTestResponse.request(port: server.port, "/index.html").status == 200)
    }

    @Test func headAnswersTheSameFieldsWithoutABody() throws {
        let server = try WebTestServer()
        let get = try HTTPTestResponse.request(port: server.port, "/app.js")
        let head = try HTTPTestResponse.request(port: server.port, "/app.js", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.fields["content-length"] == get.fields["content-length"])
        #expect(head.fields["etag"] == get.fields["etag"])
    }

    @Test func ifNoneMatchGetsNotModified() throws {
        let server = try WebTestServer()
        let etag = try #require(try HTTPTestResponse.request(port: server.port, "/").fields["etag"])
        for header in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
            let response = try HTTPTestResponse.request(
                port: server.port, "/", fields: ["If-None-Match: \(header)"])
            #expect(response.status == 304, "\(header)")
            #expect(response.body.isEmpty)
            #expect(response.fields["etag"] == etag)
            #expect(response.fields["cache-control"] == "no-cache")
        }
        let stale = try HTTPTestResponse.request(
            port: server.port, "/", fields: ["If-None-Match: \"stale\""])
        #expect(stale.status == 200)
    }

    @Test func errorsHaveTheirStatusesAndTheCommonHeaders() throws {
        let server = try WebTestServer()
        let missing = try HTTPTestResponse.request(port: server.port, "/nope.html")
        #expect(missing.status == 404)
        #expect(missing.fields["content-type"] == "text/plain; charset=utf-8")
        #expect(missing.fields["x-content-type-options"] == "nosniff")
        #expect(missing.fields["content-security-policy"] != nil)
        for path in ["/../index.html", "/%2e%2e/index.html", "//etc/passwd", "/app.js/"] {
            #expect(try HTTPTestResponse.request(port: server.port, path).status == 404, "\(path)")
        }
        let post = try HTTPTestResponse.request(port: server.port, "/", method: "POST")
        #expect(post.status == 405)
        #expect(post.fields["allow"] == "GET, HEAD")
        #expect(try HTTPTestResponse.request(port: server.port, "/app.js", method: "DELETE").status == 405)
    }

    /// Each malformed head gets 400 (505 for another HTTP version) and the connection closes.
    @Test(arguments: [
        ("GET /  HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/1.1 extra\r\nHost: a\r\n\r\n", 400),
        ("GET index.html HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHo st: a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\u{01}b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("GET / HTTQ/1.1\r\nHost: a\r\n\r\n", 400),
    ])
    func malformedHeadsAreRefused(request: String, status: Int) throws {
        let server = try WebTestServer()
        let client = try LineClient.connect(port: server.port)
        let response = try HTTPTestResponse.exchange(request, on: client)
        #expect(response.status == status)
        #expect(response.fields["connection"] == "close")
        #expect(try client.readBytes() == nil, "closed after the refusal")
    }

    /// A long target is refused as soon as the request line passes the limit, before the head
    /// ends; so are header fields too large, or too many.
    @Test func longTargetsAndLargeHeadsAreRefusedEarly() throws {
        let server = try WebTestServer()
        let client = try LineClient.connect(port: server.port)
        try client.sendRaw(Array(("GET /" + String(repeating: "a", count: 3_000)).utf8))
        #expect(try HTTPTestResponse.read(from: client).status == 414)
        let large = try LineClient.connect(port: server.port)
        try large.sendRaw(Array("GET / HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "b", count: 9_000))".utf8))
        #expect(try HTTPTestResponse.read(from: large).status == 431)
        let many = (0..<70).map { "X-\($0): v\r\n" }.joined()
        let crowded = try LineClient.connect(port: server.port)
        #expect(try HTTPTestResponse.exchange("GET / HTTP/1.1\r\nHost: a\r\n\(many)\r\n", on: crowded).status == 431)
    }

    @Test func aSlowHeadIsCutOff() throws {
        let server = try WebTestServer(settings: WebSite.Settings(headTimeout: .milliseconds(300)))
        let client = try LineClient.connect(port: server.port)
        try client.sendRaw(Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8))
        let response = try HTTPTestResponse.read(from: client)
        #expect(response.status == 408)
        #expect(try client.readBytes() == nil)
    }

    @Test func keptAliveConnectionsServeSeveralRequests() throws {
        let server = try WebTestServer()
        let client = try LineClient.connect(port: server.port)
        let first = try HTTPTestResponse.exchange("GET / HTTP/1.1\r\nHost: a\r\n\r\n", on: client)
        #expect(first.status == 200 && first.fields["connection"] == nil)
        let second = try HTTPTestResponse.exchange(
            "GET /app.js HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", on: client)
        #expect(second.status == 200 && second.fields["connection"] == "close")
        #expect(try client.readBytes() == nil)
        // HTTP/1.0 closes after one reply unless asked to keep the connection.
        let old = try LineClient.connect(port: server.port)
        #expect(try HTTPTestResponse.exchange("GET / HTTP/1.0\r\n\r\n", on: old).status == 200)
        #expect(try old.readBytes() == nil)
    }

    @Test func healthAnswersFromTheSite() throws {
        let failing = WebSite.Settings(health: { HealthReport(status: 503, body: "disk full\n") })
        let server = try WebTestServer(settings: failing)
        let response = try HTTPTestResponse.request(port: server.port, "/health")
        #expect(response.status == 503)
        #expect(response.text == "disk full\n")
        #expect(response.fields["cache-control"] == "no-store")
        let plain = try WebTestServer(settings: WebSite.Settings(health: { .ok }))
        #expect(try HTTPTestResponse.request(port: plain.port, "/health").text == "ok\n")
        let unserved = try WebTestServer()
        #expect(try HTTPTestResponse.request(port: unserved.port, "/health").status == 404)
    }

    @Test func countersCountConnectionsAndStatuses() throws {
        let server = try WebTestServer()
        _ = try HTTPTestResponse.request(port: server.port, "/")
        _ = try HTTPTestResponse.request(port: server.port, "/missing")
        _ = try HTTPTestResponse.request(port: server.port, "/", method: "POST")
        let counts = server.site.counters.snapshot
        #expect(counts.httpConnections == 3)
        #expect(counts.httpResponses == [200: 1, 404: 1, 405: 1])
    }
}
