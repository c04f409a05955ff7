import Foundation
import LineServer
import WebSocket

/// One connection's WebSocket after the handshake, on the connection's queue: reads frames
/// into messages for the handler (or echoes them), frames the handler's lines, answers pings,
/// runs the closing handshake both ways, and pings a peer that has gone quiet, closing it when
/// no answer comes (a phone on Wi-Fi can vanish without a word).
final class WebSocketChannel {
    private let settings: WebSite.Settings
    private let counters: WebCounters
    private var decoder: WebSocketFrameDecoder
    /// Frames being written, kept between writes.
    private var scratch: [UInt8] = []
    private var closeSent = false
    private var closeReceived = false
    private var lastInput = ContinuousClock.now
    /// When the ping still unanswered was sent.
    private var pingSentAt: ContinuousClock.Instant?

    init(site: WebSite) {
        settings = site.settings
        counters = site.counters
        decoder = WebSocketFrameDecoder(role: .server, maxMessageBytes: site.settings.maxMessageBytes)
    }

    /// True while part of a frame or fragmented message waits for its rest.
    var holdsUnfinishedInput: Bool { decoder.holdsUnfinishedInput }

    /// Starts watching for silence.
    func start(_ link: TransportLink, check: @escaping @Sendable (TransportLink) -> Void) {
        link.after(settings.pingInterval, check)
    }

    // MARK: Input

    func received(_ bytes: UnsafeRawBufferPointer, _ link: TransportLink) {
        lastInput = .now
        let failure = decoder.feed(bytes) { event in handle(event, link) }
        if let failure { fail(failure, link) }
    }

    private func handle(_ event: WebSocketEvent, _ link: TransportLink) {
        guard link.isOpen else { return }
        switch event {
        case .text(let message):
            switch settings.messages {
            case .lines: link.deliver(line: message)
            case .echo: write(.text, message, link)
            }
        case .binary(let message):
            switch settings.messages {
            case .lines:
                fail(WebSocketFailure(.unsupportedData, "binary messages are not taken: send JSON text"), link)
            case .echo: write(.binary, message, link)
            }
        case .ping(let payload):
            write(.pong, payload, link)
        case .pong:
            break
        case .close(let code, _):
            closeReceived = true
            counters.closeReceived(code ?? .noStatus)
            // The reply echoes the code (none for none), then the server closes the TCP
            // connection first, as the RFC asks.
            sendClose(code, reason: "", link)
            link.close(reason: .peerClosed, flush: true)
        }
    }

    /// The peer broke the protocol or a limit: close with the failure's code.
    private func fail(_ failure: WebSocketFailure, _ link: TransportLink) {
        guard link.isOpen else { return }
        let tooBig = failure.code == .messageTooBig
        if tooBig, case .lines = settings.messages { link.reportLineTooLong() }
        sendClose(failure.code, reason: failure.reason, link)
        link.close(reason: tooBig ? .lineTooLong : .protocolViolation, flush: true)
    }

    /// A message stayed unfinished too long.
    func inputTimedOut(_ link: TransportLink) {
        if case .lines = settings.messages { link.reportLineTimedOut() }
        sendClose(.policyViolation, reason: "a message was left unfinished", link)
        link.close(reason: .idleTimeout, flush: true)
    }

    // MARK: Silence

    /// Pings a peer silent for the ping interval, and closes one that stays silent for the
    /// pong timeout after it; otherwise looks again when the next deadline comes.
    func checkSilence(_ link: TransportLink, check: @escaping @Sendable (TransportLink) -> Void) {
        guard !closeSent else { return }
        let now = ContinuousClock.now
        if let sent = pingSentAt, lastInput < sent {
            guard now - sent >= settings.pongTimeout else {
                link.after(settings.pongTimeout - (now - sent), check)
                return
            }
            sendClose(.goingAway, reason: "no answer to ping", link)
            link.close(reason: .idleTimeout, flush: true)
            return
        }
        pingSentAt = nil
        let silent = now - lastInput
        guard silent >= settings.pingInterval else {
            link.after(settings.pingInterval - silent, check)
            return
        }
        pingSentAt = now
        write(.ping, Data(), link)
        link.after(settings.pongTimeout, check)
    }

    // MARK: Output

    /// Frames each line of `lines` (each ending with `"\n"`) as one text message.
    func send(lines: UnsafeRawBufferPointer, _ link: TransportLink) {
        guard !closeSent, let base = lines.baseAddress else { return }
        var start = 0
        while start < lines.count {
            let end =
                memchr(base + start, 0x0A, lines.count - start).map {
                    UnsafeRawPointer($0) - base
                } ?? lines.count
            if end > start {
                let line = UnsafeRawBufferPointer(rebasing: lines[start..<end])
                WebSocketFrameEncoder.appendHeader(.text, length: line.count, to: &scratch)
                scratch.append(contentsOf: line)
            }
            start = end + 1
        }
        flushScratch(link)
    }

    /// The connection is closing for `reason`: the server's close frame, unless one was sent
    /// or the peer is gone.
    func willClose(_ reason: CloseReason, _ link: TransportLink) {
        let code: WebSocketCloseCode? =
            switch reason {
            case .closedByServer, .evicted: .goingAway
            case .flooding, .idleTimeout, .outboundOverflow: .policyViolation
            case .lineTooLong: .messageTooBig
            case .protocolViolation: .protocolError
            case .peerClosed, .error: nil
            }
        guard let code else { return }
        sendClose(code, reason: "", link)
    }

    /// The connection has closed.
    func ended() {
        counters.webSocketClosed()
        if !closeReceived { counters.closeReceived(.abnormal) }
    }

    private func sendClose(_ code: WebSocketCloseCode?, reason: String, _ link: TransportLink) {
        guard !closeSent else { return }
        closeSent = true
        counters.closeSent(code ?? .noStatus)
        let payload = code.map { WebSocketFrameEncoder.closePayload($0, reason: reason) } ?? []
        payload.withUnsafeBytes {
            WebSocketFrameEncoder.append(.close, payload: $0, to: &scratch)
        }
        flushScratch(link)
    }

    private func write(_ opcode: WebSocketOpcode, _ payload: Data, _ link: TransportLink) {
        guard !closeSent else { return }
        payload.withUnsafeBytes { WebSocketFrameEncoder.append(opcode, payload: $0, to: &scratch) }
        flushScratch(link)
    }

    private func flushScratch(_ link: TransportLink) {
        scratch.withUnsafeBytes { link.write($0) }
        scratch.removeAll(keepingCapacity: scratch.capacity <= 65_536)
    }
}
