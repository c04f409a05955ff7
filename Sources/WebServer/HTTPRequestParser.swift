/// Reads request heads from a connection's bytes, as they arrive in any chops, strictly:
/// RFC 9112's grammar, with limits on the target and on the head that are checked while
/// the bytes come in, so a long or endless head is refused without being kept whole.
public struct HTTPRequestParser: Sendable {
    /// Why a request head was refused, with the status that says so.
    public enum Failure: Error, Sendable, Equatable {
        /// The head does not follow the grammar (400).
        case malformed(String)
        /// The request target is longer than allowed (414).
        case targetTooLong
        /// The header fields are larger, or more, than allowed (431).
        case headTooLarge
        /// Not HTTP/1.0 or HTTP/1.1 (505).
        case unsupportedVersion

        /// The HTTP status that answers it.
        public var status: Int {
            switch self {
            case .malformed: 400
            case .targetTooLong: 414
            case .headTooLarge: 431
            case .unsupportedVersion: 505
            }
        }
    }

    /// What the bytes fed so far gave.
    public enum Outcome: Sendable, Equatable {
        /// More bytes are needed.
        case incomplete
        /// A whole head; `consumed` bytes of the input were used (the rest follow it).
        case request(HTTPRequest, consumed: Int)
        /// The head was refused; nothing more should be read.
        case failed(Failure)
    }

    /// The longest request target taken.
    public let maxTargetBytes: Int
    /// The largest head taken, request line included.
    public let maxHeadBytes: Int
    /// The most header fields taken.
    public let maxFields: Int

    private var buffer: [UInt8] = []
    /// Bytes of `buffer` known to hold no end of the head.
    private var scanned = 0

    /// A parser with the given limits.
    public init(maxTargetBytes: Int = 2_048, maxHeadBytes: Int = 8_192, maxFields: Int = 64) {
        self.maxTargetBytes = maxTargetBytes
        self.maxHeadBytes = maxHeadBytes
        self.maxFields = maxFields
    }

    /// True while part of a head is held.
    public var holdsPartialHead: Bool { !buffer.isEmpty }

    /// Feeds bytes; on `.request`, bytes past `consumed` belong to what follows the head (the
    /// next request, or WebSocket frames) and are not kept: feed them again.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        // Empty lines before a request line are ignored (RFC 9112 §2.2).
        var input = bytes[...]
        var skipped = 0
        if buffer.isEmpty {
            while let first = input.first, first == 0x0D || first == 0x0A {
                input = input.dropFirst()
                skipped += 1
            }
        }
        let before = buffer.count
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: input))
        guard let end = findEnd() else {
            if let early = earlyFailure() {
                buffer = []
                return .failed(early)
            }
            return .incomplete
        }
        let head = Array(buffer[..<end.headLength])
        let consumed = skipped + end.total - before
        buffer = []
        scanned = 0
        switch Self.parse(head, limits: self) {
        case .success(let request): return .request(request, consumed: consumed)
        case .failure(let failure): return .failed(failure)
        }
    }

    /// The end of the head in `buffer`, if it has arrived: the length without the empty line,
    /// and with it.
    private mutating func findEnd() -> (headLength: Int, total: Int)? {
        var index = max(scanned, 0)
        while index < buffer.count {
            if buffer[index] == 0x0A {
                // LF LF or LF CR LF ends the head.
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A {
                    return (index + 1, index + 2)
                }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A {
                    return (index + 1, index + 3)
                }
                if index + 2 >= buffer.count { break }
            }
            index += 1
        }
        scanned = max(index - 2, 0)
        return nil
    }

    /// A refusal known before the head is complete: a request line already longer than a
    /// target may be, or a head over its size.
    private func earlyFailure() -> Failure? {
        // The request line may hold the target and about 30 bytes of method and version.
        let lineEnd = buffer.firstIndex(of: 0x0A)
        if (lineEnd ?? buffer.count) > maxTargetBytes + 32 {
            return .targetTooLong
        }
        return buffer.count > maxHeadBytes ? (lineEnd == nil ? .targetTooLong : .headTooLarge) : nil
    }

    private static func parse(_ head: [UInt8], limits: HTTPRequestParser) -> Result<
        HTTPRequest, Failure
    > {
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return .failure(.malformed("empty request")) }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(.malformed("the request line is not METHOD SP TARGET SP VERSION"))
        }
        guard !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else {
            return .failure(.malformed("the method is not a token"))
        }
        guard parts[1].count <= limits.maxTargetBytes else { return .failure(.targetTooLong) }
        guard parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return .failure(.malformed("the target is not an absolute path")) }
        let minor: Int
        switch Array(parts[2]) {
        case Array("HTTP/1.1".utf8): minor = 1
        case Array("HTTP/1.0".utf8): minor = 0
        case let version
        where version.count == 8 && version.starts(with: Array("HTTP/".utf8))
            && isDigit(version[5]) && version[6] == UInt8(ascii: ".") && isDigit(version[7]):
            return .failure(.unsupportedVersion)
        default:
            return .failure(.malformed("the version is not HTTP/1.x"))
        }
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard fields.count < limits.maxFields else { return .failure(.headTooLarge) }
            guard let first = line.first, first != 0x20, first != 0x09 else {
                return .failure(.malformed("folded or empty header line"))
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(.malformed("a header line without a colon"))
            }
            let name = line[..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                return .failure(.malformed("a header name is not a token"))
            }
            var value = line[(colon + 1)...]
            while let byte = value.first, byte == 0x20 || byte == 0x09 { value = value.dropFirst() }
            while let byte = value.last, byte == 0x20 || byte == 0x09 { value = value.dropLast() }
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                return .failure(.malformed("a control character in a header value"))
            }
            fields.append(
                (
                    String(decoding: name, as: UTF8.self).lowercased(),
                    String(decoding: value, as: UTF8.self)
                ))
        }
        return .success(
            HTTPRequest(
                method: String(decoding: parts[0], as: UTF8.self),
                target: String(decoding: parts[1], as: UTF8.self), minorVersion: minor,
                fields: fields))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// RFC 9110 §5.6.2 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
