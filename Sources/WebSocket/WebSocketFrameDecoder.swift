import Foundation

/// Reads the frames of one direction of a WebSocket connection (RFC 6455 §5) from bytes
/// that may arrive in any chops: a header split across reads, or many frames in one read.
///
/// It joins fragments into messages, lets control frames through between them, and checks
/// everything the RFC asks a receiver to: masking by role, RSV bits (no extension is ever
/// agreed), opcodes, control-frame size and fragmentation, continuation order, the 64-bit
/// length's top bit, close codes, and UTF-8 in text messages and close reasons, checked as
/// the bytes arrive, across fragments. A message's declared size is checked against the
/// limit before any of it is kept. The first failure ends decoding: the caller closes with
/// its code.
public struct WebSocketFrameDecoder: Sendable {
    /// Which end reads: a server reads masked frames from clients, a client unmasked ones.
    public enum Role: Sendable {
        case server
        case client
    }

    private enum Stage {
        /// Reading a frame header; `needed` is how many bytes it has, once known.
        case header(needed: Int)
        /// Reading a frame's payload.
        case payload(remaining: UInt64)
        /// A close frame was read, or decoding failed: input is ignored.
        case done
    }

    private struct Frame {
        var fin: Bool
        var opcode: WebSocketOpcode
        var key: (UInt8, UInt8, UInt8, UInt8)?
        var maskPhase = 0
    }

    /// The end this decoder reads for.
    public let role: Role
    /// The largest message taken, all fragments together; a larger one fails with 1009.
    public let maxMessageBytes: Int

    private var stage = Stage.header(needed: 2)
    private var header: [UInt8] = []
    private var frame = Frame(fin: true, opcode: .continuation)
    /// The opcode of the data message whose fragments are arriving, if any.
    private var messageOpcode: WebSocketOpcode?
    private var message: [UInt8] = []
    private var control: [UInt8] = []
    private var utf8 = UTF8Validator()

    /// Buffer capacity kept between messages; a rare large message does not keep a large buffer.
    private static let retainedCapacity = 16_384

    /// A decoder for `role` taking messages of at most `maxMessageBytes`.
    public init(role: Role, maxMessageBytes: Int) {
        precondition(maxMessageBytes >= 0, "maxMessageBytes must not be negative")
        self.role = role
        self.maxMessageBytes = maxMessageBytes
        header.reserveCapacity(14)
    }

    /// True while part of a frame or of a fragmented message has arrived and the rest has
    /// not: a peer that stops there holds the connection without finishing anything.
    public var holdsUnfinishedInput: Bool {
        switch stage {
        case .header: !header.isEmpty || messageOpcode != nil
        case .payload: true
        case .done: false
        }
    }

    /// True once a close frame was read or decoding failed; further input is ignored.
    public var isFinished: Bool {
        if case .done = stage { return true }
        return false
    }

    /// Reads `bytes`, reporting each message and control frame to `event` in order. Returns
    /// the failure that ended decoding, if these bytes broke a rule; the events before it
    /// were reported.
    public mutating func feed(
        _ bytes: UnsafeRawBufferPointer, _ event: (WebSocketEvent) -> Void
    ) -> WebSocketFailure? {
        var offset = 0
        while offset < bytes.count {
            switch stage {
            case .done:
                return nil
            case .header(let needed):
                let take = min(needed - header.count, bytes.count - offset)
                header.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + take]))
                offset += take
                if header.count == 2, needed == 2 {
                    switch checkFirstBytes() {
                    case .failure(let failure): return fail(failure)
                    case .success(let total):
                        stage = .header(needed: total)
                        if total > 2 { continue }
                    }
                } else if header.count < needed {
                    continue
                }
                if let failure = beginFrame(event) { return fail(failure) }
            case .payload(let remaining):
                let take = Int(min(remaining, UInt64(bytes.count - offset)))
                let chunk = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + take])
                offset += take
                if let failure = takePayload(chunk) { return fail(failure) }
                let left = remaining - UInt64(take)
                stage = .payload(remaining: left)
                if left == 0, let failure = endFrame(event) { return fail(failure) }
            }
        }
        return nil
    }

    /// Checks the first two header bytes, and returns the header's whole length.
    private func checkFirstBytes() -> Result<Int, WebSocketFailure> {
        let first = header[0]
        let second = header[1]
        guard first & 0x70 == 0 else {
            return .failure(WebSocketFailure(.protocolError, "reserved bits set"))
        }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            return .failure(WebSocketFailure(.protocolError, "reserved opcode"))
        }
        let masked = second & 0x80 != 0
        switch role {
        case .server where !masked:
            return .failure(WebSocketFailure(.protocolError, "client frames must be masked"))
        case .client where masked:
            return .failure(WebSocketFailure(.protocolError, "server frames must not be masked"))
        default: break
        }
        let shortLength = second & 0x7F
        if opcode.isControl {
            guard first & 0x80 != 0 else {
                return .failure(WebSocketFailure(.protocolError, "fragmented control frame"))
            }
            guard shortLength <= 125 else {
                return .failure(WebSocketFailure(.protocolError, "control frame over 125 bytes"))
            }
        } else if opcode == .continuation {
            guard messageOpcode != nil else {
                return .failure(WebSocketFailure(.protocolError, "continuation without a message"))
            }
        } else if messageOpcode != nil {
            return .failure(WebSocketFailure(.protocolError, "new message inside a fragmented one"))
        }
        let lengthBytes = shortLength == 127 ? 8 : shortLength == 126 ? 2 : 0
        return .success(2 + lengthBytes + (masked ? 4 : 0))
    }

    /// The header is complete: checks the length against the limit and starts the payload.
    private mutating func beginFrame(_ event: (WebSocketEvent) -> Void) -> WebSocketFailure? {
        let first = header[0]
        let second = header[1]
        let opcode = WebSocketOpcode(rawValue: first & 0x0F)!
        var length = UInt64(second & 0x7F)
        var cursor = 2
        if length == 126 {
            length = UInt64(header[2]) << 8 | UInt64(header[3])
            cursor = 4
        } else if length == 127 {
            length = 0
            for index in 2..<10 { length = length << 8 | UInt64(header[index]) }
            cursor = 10
            guard length >> 63 == 0 else {
                return WebSocketFailure(.protocolError, "64-bit length with its top bit set")
            }
        }
        var key: (UInt8, UInt8, UInt8, UInt8)?
        if second & 0x80 != 0 {
            key = (header[cursor], header[cursor + 1], header[cursor + 2], header[cursor + 3])
        }
        header.removeAll(keepingCapacity: true)
        frame = Frame(fin: first & 0x80 != 0, opcode: opcode, key: key)
        if !opcode.isControl {
            if opcode != .continuation {
                messageOpcode = opcode
                utf8.reset()
            }
            // Checked before anything is kept, so a huge declared length costs nothing.
            guard length <= UInt64(maxMessageBytes - message.count) else {
                return WebSocketFailure(
                    .messageTooBig, "messages are limited to \(maxMessageBytes) bytes")
            }
        }
        stage = .payload(remaining: length)
        return length == 0 ? endFrame(event) : nil
    }

    /// Unmasks and keeps a piece of the payload; text is checked as it comes.
    private mutating func takePayload(_ chunk: UnsafeRawBufferPointer) -> WebSocketFailure? {
        if frame.opcode.isControl {
            Self.append(chunk, to: &control, frame: &frame)
            return nil
        }
        let start = message.count
        Self.append(chunk, to: &message, frame: &frame)
        guard messageOpcode == .text else { return nil }
        let valid = message.withUnsafeBytes { utf8.validate(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        return valid ? nil : WebSocketFailure(.invalidPayload, "text is not valid UTF-8")
    }

    private static func append(
        _ chunk: UnsafeRawBufferPointer, to buffer: inout [UInt8], frame: inout Frame
    ) {
        let start = buffer.count
        buffer.append(contentsOf: chunk)
        guard let key = frame.key else { return }
        buffer.withUnsafeMutableBytes { all in
            frame.maskPhase = WebSocketMask.apply(
                key, to: UnsafeMutableRawBufferPointer(rebasing: all[start...]),
                phase: frame.maskPhase)
        }
    }

    /// A frame's payload is complete: reports a control frame, or a message on its last
    /// fragment.
    private mutating func endFrame(_ event: (WebSocketEvent) -> Void) -> WebSocketFailure? {
        stage = .header(needed: 2)
        switch frame.opcode {
        case .ping:
            event(.ping(takeControl()))
        case .pong:
            event(.pong(takeControl()))
        case .close:
            let payload = takeControl()
            switch Self.readClose(payload) {
            case .failure(let failure): return failure
            case .success(let (code, reason)):
                stage = .done
                event(.close(code, reason: reason))
            }
        case .text, .binary, .continuation:
            guard frame.fin, let opcode = messageOpcode else { return nil }
            if opcode == .text, !utf8.isComplete {
                return WebSocketFailure(.invalidPayload, "text ends inside a character")
            }
            let data = Data(message)
            message.removeAll(keepingCapacity: message.capacity <= Self.retainedCapacity)
            messageOpcode = nil
            event(opcode == .text ? .text(data) : .binary(data))
        }
        return nil
    }

    private mutating func takeControl() -> Data {
        let data = Data(control)
        control.removeAll(keepingCapacity: true)
        return data
    }

    /// The status code and reason of a close frame's payload, checked.
    private static func readClose(_ payload: Data) -> Result<
        (WebSocketCloseCode?, String), WebSocketFailure
    > {
        guard !payload.isEmpty else { return .success((nil, "")) }
        guard payload.count >= 2 else {
            return .failure(WebSocketFailure(.protocolError, "close payload of one byte"))
        }
        let code = WebSocketCloseCode(
            rawValue: UInt16(payload[payload.startIndex]) << 8
                | UInt16(payload[payload.startIndex + 1]))
        guard code.isAllowedOnWire else {
            return .failure(WebSocketFailure(.protocolError, "close code \(code) is not allowed"))
        }
        let reasonBytes = payload.dropFirst(2)
        guard let reason = String(validating: reasonBytes, as: UTF8.self) else {
            return .failure(WebSocketFailure(.invalidPayload, "close reason is not valid UTF-8"))
        }
        return .success((code, reason))
    }

    private mutating func fail(_ failure: WebSocketFailure) -> WebSocketFailure {
        stage = .done
        header = []
        message = []
        control = []
        messageOpcode = nil
        return failure
    }
}
