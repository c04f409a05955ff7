import Foundation
import LineServer
import WebSocket

/// The transport of one connection to a port that speaks plain lines, HTTP and WebSocket.
///
/// The first bytes decide (``PortSniffer``): a request line makes it HTTP, anything else
/// hands the connection to plain lines. A line client waits for its greeting, a browser
/// speaks first: so a connection silent for the site's greeting wait becomes a line client
/// too, and a line client that sends at once is still greeted before its first line is read
/// (the greeting goes out as the handler opens). An HTTP connection serves requests until it
/// closes, or upgrades to a ``WebSocketChannel`` at the WebSocket path.
///
/// Confined to the connection's queue, like the connection's own state.
final class WebPortTransport: ConnectionTransport, @unchecked Sendable {
    private enum Mode {
        case sniffing
        case http
        case webSocket(WebSocketChannel)
        /// The last reply is on its way out; input is ignored.
        case closing
    }

    /// Requests served on one connection before it is closed, so that one keeps no slot for
    /// ever.
    private static let maxRequests = 1_000

    private let site: WebSite
    private var mode = Mode.sniffing
    /// First bytes that did not decide yet (a prefix of a method).
    private var pending: [UInt8] = []
    private var parser = HTTPRequestParser()
    /// What to tell the peer, once its protocol is known, when the server is full.
    private var refusal: Data?
    private var requestsServed = 0

    init(site: WebSite) {
        self.site = site
    }

    func transportDidOpen(_ link: TransportLink) {
        guard site.settings.servesLines else { return }
        let wait = site.settings.greetingWait
        link.after(wait) { [self] link in
            guard case .sniffing = mode, pending.isEmpty else { return }
            // Asked only now, not at accept: a browser opens its spare connection in the same
            // instant as the one that carries its first request, which may be read second.
            let longer = site.spareConnectionWait(for: link.peer) - wait
            guard longer > .zero else {
                becomeLines(link, replaying: UnsafeRawBufferPointer(start: nil, count: 0))
                return
            }
            link.after(longer) { [self] link in
                guard case .sniffing = mode, pending.isEmpty else { return }
                becomeLines(link, replaying: UnsafeRawBufferPointer(start: nil, count: 0))
            }
        }
    }

    func transport(_ link: TransportLink, didReceive bytes: UnsafeRawBufferPointer) {
        switch mode {
        case .sniffing: sniff(bytes, link)
        case .http: serve(bytes, link)
        case .webSocket(let channel): channel.received(bytes, link)
        case .closing: break
        }
    }

    private func sniff(_ bytes: UnsafeRawBufferPointer, _ link: TransportLink) {
        // Most connections decide on their first read: no copy then.
        if pending.isEmpty {
            decide(PortSniffer.classify(bytes), bytes, link)
        } else {
            pending.append(contentsOf: bytes)
            let all = pending
            pending = []
            all.withUnsafeBytes { decide(PortSniffer.classify($0), $0, link) }
        }
    }

    private func decide(
        _ verdict: PortSniffer.Verdict, _ bytes: UnsafeRawBufferPointer, _ link: TransportLink
    ) {
        switch verdict {
        case .undecided:
            pending.append(contentsOf: bytes)
        case .lines:
            becomeLines(link, replaying: bytes)
        case .http:
            mode = .http
            site.counters.httpConnectionStarted()
            serve(bytes, link)
        }
    }

    /// Hands the connection to plain lines, or refuses it as one.
    private func becomeLines(_ link: TransportLink, replaying bytes: UnsafeRawBufferPointer) {
        if let refusal, site.settings.servesLines {
            mode = .closing
            refusal.withUnsafeBytes { link.write($0) }
            link.close(reason: .closedByServer, flush: true)
            return
        }
        guard site.settings.servesLines else {
            mode = .closing
            link.close(reason: .protocolViolation, flush: false)
            return
        }
        link.useLines(replaying: bytes)
    }

    // MARK: HTTP

    /// Reads request heads and answers each, until the connection closes or upgrades.
    private func serve(_ bytes: UnsafeRawBufferPointer, _ link: TransportLink) {
        var rest = bytes
        while !rest.isEmpty, case .http = mode {
            switch parser.feed(rest) {
            case .incomplete:
                return
            case .failed(let failure):
                let text = failure.status == 400 ? "bad request\n" : HTTPResponse.reason(failure.status).lowercased() + "\n"
                respond(.text(failure.status, text), head: false, close: true, host: nil, link)
                return
            case .request(let request, let consumed):
                rest = UnsafeRawBufferPointer(rebasing: rest[consumed...])
                answer(request, link)
                if case .webSocket(let channel) = mode, !rest.isEmpty {
                    channel.received(rest, link)
                    return
                }
            }
        }
    }

    private func answer(_ request: HTTPRequest, _ link: TransportLink) {
        site.noteHTTP(from: link.peer)
        if refusal != nil {
            var full = HTTPResponse.text(503, "the server is full; try again later\n")
            full.set("Retry-After", "30")
            respond(full, head: request.method == "HEAD", close: true, host: request.value("host"), link)
            return
        }
        switch WebRoutes.answer(request, site: site, date: HTTPDate.now()) {
        case .respond(let response, let close):
            requestsServed += 1
            let last = close || requestsServed >= Self.maxRequests
            send(response, head: request.method == "HEAD", link)
            if last {
                mode = .closing
                link.close(reason: .closedByServer, flush: true)
            } else {
                awaitNextRequest(link)
            }
        case .upgrade(let response):
            send(response, head: false, link)
            let channel = WebSocketChannel(site: site)
            mode = .webSocket(channel)
            site.counters.webSocketOpened()
            if case .lines = site.settings.messages { link.openHandler(as: .webSocket) }
            channel.start(link) { [self] link in checkSilence(link) }
        }
    }

    /// A reply made here rather than by the routes (an error of the head): decorated the same.
    private func respond(
        _ response: HTTPResponse, head: Bool, close: Bool, host: String?, _ link: TransportLink
    ) {
        var response = response
        WebRoutes.decorate(&response, host: host, date: HTTPDate.now(), closing: close)
        send(response, head: head, link)
        if close {
            mode = .closing
            link.close(reason: .closedByServer, flush: true)
        }
    }

    private func send(_ response: HTTPResponse, head: Bool, _ link: TransportLink) {
        site.counters.responded(response.status)
        response.bytes(head: head).withUnsafeBytes { link.write($0) }
    }

    /// Closes a kept-alive connection that sends no next request in time.
    private func awaitNextRequest(_ link: TransportLink) {
        let served = requestsServed
        link.after(site.settings.keepAliveTimeout) { [self] link in
            guard case .http = mode, requestsServed == served, !parser.holdsPartialHead else {
                return
            }
            mode = .closing
            link.close(reason: .closedByServer, flush: true)
        }
    }

    private func checkSilence(_ link: TransportLink) {
        guard case .webSocket(let channel) = mode else { return }
        channel.checkSilence(link) { [self] link in checkSilence(link) }
    }

    // MARK: ConnectionTransport

    func transport(_ link: TransportLink, send lines: UnsafeRawBufferPointer) {
        guard case .webSocket(let channel) = mode else { return }
        channel.send(lines: lines, link)
    }

    var holdsUnfinishedInput: Bool {
        switch mode {
        case .sniffing: !pending.isEmpty
        case .http: parser.holdsPartialHead
        case .webSocket(let channel): channel.holdsUnfinishedInput
        case .closing: false
        }
    }

    var unfinishedInputTimeout: Duration? {
        switch mode {
        case .sniffing, .http, .closing: site.settings.headTimeout
        case .webSocket: site.settings.unfinishedMessageTimeout
        }
    }

    func transportInputTimedOut(_ link: TransportLink) {
        switch mode {
        case .sniffing:
            let held = pending
            pending = []
            held.withUnsafeBytes { becomeLines(link, replaying: $0) }
        case .http:
            respond(.text(408, "the request took too long\n"), head: false, close: true, host: nil, link)
        case .webSocket(let channel):
            channel.inputTimedOut(link)
        case .closing:
            break
        }
    }

    func transport(_ link: TransportLink, willClose reason: CloseReason) {
        guard case .webSocket(let channel) = mode else { return }
        channel.willClose(reason, link)
    }

    func transport(_ link: TransportLink, refuse line: Data) {
        refusal = line
        if case .sniffing = mode, !site.settings.servesLines {
            mode = .closing
            link.close(reason: .closedByServer, flush: false)
        }
    }

    func transportDidClose(reason: CloseReason) {
        guard case .webSocket(let channel) = mode else { return }
        channel.ended()
    }
}
