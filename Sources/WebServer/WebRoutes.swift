import WebSocket

/// What the server answers each HTTP request with: a file, the health report, an error, or
/// the WebSocket upgrade. Pure: the request and the site in, the decision out.
enum WebRoutes {
    /// The decision for one request.
    enum Answer: Equatable {
        /// Send the response; close the connection after it when `close` is set.
        case respond(HTTPResponse, close: Bool)
        /// Send the 101 response and speak WebSocket from then on.
        case upgrade(HTTPResponse)
    }

    /// The answer to `request` on `site`, at the time given by `date`.
    static func answer(_ request: HTTPRequest, site: WebSite, date: String) -> Answer {
        let host = request.value("host")
        var answer = route(request, site: site, host: host)
        if case .respond(var response, let close) = answer {
            let closing = close || request.wantsClose
            decorate(&response, host: host, date: date, closing: closing)
            answer = .respond(response, close: closing)
        }
        return answer
    }

    private static func route(_ request: HTTPRequest, site: WebSite, host: String?) -> Answer {
        let settings = site.settings
        // No body is ever read, so a request with one would desynchronise the connection.
        if !request.values("transfer-encoding").isEmpty
            || request.values("content-length").contains(where: { $0 != "0" })
        {
            return .respond(.text(400, "request bodies are not accepted\n"), close: true)
        }
        if request.minorVersion == 1, host == nil {
            return .respond(.text(400, "exactly one Host header is required\n"), close: true)
        }
        let path = request.path
        if settings.webSocketPath.map({ $0 == path }) ?? true {
            return webSocket(request, site: site, host: host)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = HTTPResponse.text(405, "only GET and HEAD are served\n")
            response.set("Allow", "GET, HEAD")
            return .respond(response, close: false)
        }
        if path == "/health", let health = settings.health {
            let report = health()
            return .respond(
                HTTPResponse(
                    status: report.status,
                    fields: [("Content-Type", report.contentType), ("Cache-Control", "no-store")],
                    body: Array(report.body.utf8)), close: false)
        }
        if let made = settings.madeFiles?(path, host, site.originPolicy.port) {
            return .respond(
                HTTPResponse(
                    status: 200,
                    fields: [("Content-Type", made.contentType), ("Cache-Control", "no-store")],
                    body: made.body), close: false)
        }
        guard let file = settings.files.file(at: path) else {
            return .respond(.text(404, "not found\n"), close: false)
        }
        let validators: [(name: String, value: String)] = [
            ("ETag", file.etag), ("Cache-Control", "no-cache"),
        ]
        if let match = request.value("if-none-match"),
            WebFiles.matches(ifNoneMatch: match, etag: file.etag)
        {
            return .respond(
                HTTPResponse(status: 304, fields: [("Content-Type", file.contentType)] + validators),
                close: false)
        }
        return .respond(
            HTTPResponse(
                status: 200, fields: [("Content-Type", file.contentType)] + validators,
                body: file.body), close: false)
    }

    /// The WebSocket endpoint: the upgrade, or why not.
    private static func webSocket(_ request: HTTPRequest, site: WebSite, host: String?) -> Answer {
        guard request.method == "GET" else {
            var response = HTTPResponse.text(405, "the WebSocket endpoint takes GET\n")
            response.set("Allow", "GET")
            return .respond(response, close: false)
        }
        let upgrades = request.values("upgrade").contains {
            WebSocketHandshake.listsToken("websocket", $0)
        }
        guard upgrades else {
            var response = HTTPResponse.text(
                426, "this is a WebSocket endpoint: connect with a WebSocket client\n")
            response.set("Upgrade", "websocket")
            response.set("Sec-WebSocket-Version", WebSocketHandshake.version)
            return .respond(response, close: false)
        }
        guard site.originPolicy.allows(origin: request.value("origin"), host: host),
            request.values("origin").count <= 1
        else {
            return .respond(
                .text(403, "this page's origin may not open a WebSocket here\n"), close: true)
        }
        let handshake = WebSocketHandshake.Request(
            method: request.method, isHTTP11OrLater: request.minorVersion >= 1,
            upgrade: request.values("upgrade"), connection: request.values("connection"),
            key: request.values("sec-websocket-key"),
            version: request.values("sec-websocket-version"))
        switch WebSocketHandshake.accept(handshake) {
        case .success(let accept):
            return .upgrade(
                HTTPResponse(
                    status: 101,
                    fields: [
                        ("Upgrade", "websocket"), ("Connection", "Upgrade"),
                        ("Sec-WebSocket-Accept", accept),
                    ]))
        case .failure(.unsupportedVersion):
            var response = HTTPResponse.text(426, "only WebSocket version 13 is spoken\n")
            response.set("Sec-WebSocket-Version", WebSocketHandshake.version)
            return .respond(response, close: true)
        case .failure(.notGetOverHTTP11):
            return .respond(.text(400, "a WebSocket needs GET over HTTP/1.1\n"), close: true)
        case .failure(.notAnUpgrade):
            return .respond(
                .text(400, "Connection must list upgrade for a WebSocket\n"), close: true)
        case .failure(.badKey):
            return .respond(
                .text(400, "Sec-WebSocket-Key must be 16 bytes in base64\n"), close: true)
        }
    }

    /// The fields every reply carries: the page's security policy, no sniffing of types, the
    /// date and length, and the connection's fate.
    static func decorate(_ response: inout HTTPResponse, host: String?, date: String, closing: Bool) {
        if response.value("Content-Type") == nil {
            response.set("Content-Type", "text/plain; charset=utf-8")
        }
        if response.status != 304 { response.set("Content-Length", String(response.body.count)) }
        response.set("Date", date)
        response.set("Content-Security-Policy", contentSecurityPolicy(host: host))
        response.set("X-Content-Type-Options", "nosniff")
        response.set("Referrer-Policy", "no-referrer")
        if closing { response.set("Connection", "close") }
    }

    /// Only the page's own origin, and its WebSocket: `'self'` covers `ws:` to the same host
    /// in current browsers, and the explicit `ws://HOST` the ones that predate that rule.
    static func contentSecurityPolicy(host: String?) -> String {
        var connect = "'self'"
        if let host, !host.isEmpty,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
        {
            connect += " ws://\(host.lowercased())"
        }
        return "default-src 'self'; connect-src \(connect); img-src 'self'; object-src 'none'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }
}
