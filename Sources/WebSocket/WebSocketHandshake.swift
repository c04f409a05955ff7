import Foundation

/// The opening handshake of RFC 6455 §4: what a server checks in a client's upgrade
/// request, and the `Sec-WebSocket-Accept` value proving it read the key.
///
/// No extension and no subprotocol is ever agreed: `Sec-WebSocket-Extensions` (browsers offer
/// permessage-deflate) and `Sec-WebSocket-Protocol` are left unanswered, so the RSV bits of
/// every frame must stay 0.
public enum WebSocketHandshake {
    /// The GUID the RFC appends to the key before hashing.
    public static let keyGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// The only protocol version there is (RFC 6455 §4.1).
    public static let version = "13"

    /// The header fields of an upgrade request that the handshake reads, each with every
    /// value it had (a field sent twice has two).
    public struct Request: Sendable, Equatable {
        /// The request's method, such as `GET`.
        public var method: String
        /// True for HTTP/1.1 or later.
        public var isHTTP11OrLater: Bool
        public var upgrade: [String]
        public var connection: [String]
        public var key: [String]
        public var version: [String]

        public init(
            method: String, isHTTP11OrLater: Bool, upgrade: [String], connection: [String],
            key: [String], version: [String]
        ) {
            self.method = method
            self.isHTTP11OrLater = isHTTP11OrLater
            self.upgrade = upgrade
            self.connection = connection
            self.key = key
            self.version = version
        }
    }

    /// Why an upgrade request was refused.
    public enum Refusal: Error, Sendable, Equatable {
        /// Not `GET`, or older than HTTP/1.1.
        case notGetOverHTTP11
        /// `Upgrade` does not list `websocket`, or `Connection` does not list `upgrade`.
        case notAnUpgrade
        /// `Sec-WebSocket-Version` is missing or not 13: the answer names 13.
        case unsupportedVersion
        /// `Sec-WebSocket-Key` is missing, repeated, or not 16 bytes in base64.
        case badKey
    }

    /// Checks an upgrade request (RFC 6455 §4.2.1); returns the `Sec-WebSocket-Accept` value.
    public static func accept(_ request: Request) -> Result<String, Refusal> {
        guard request.method == "GET", request.isHTTP11OrLater else {
            return .failure(.notGetOverHTTP11)
        }
        guard request.upgrade.contains(where: { listsToken("websocket", $0) }),
            request.connection.contains(where: { listsToken("upgrade", $0) })
        else { return .failure(.notAnUpgrade) }
        guard request.version.count == 1, request.version[0] == version else {
            return .failure(.unsupportedVersion)
        }
        guard request.key.count == 1, isValidKey(request.key[0]) else {
            return .failure(.badKey)
        }
        return .success(acceptValue(forKey: request.key[0]))
    }

    /// base64(SHA-1(key + GUID)), the `Sec-WebSocket-Accept` value for `key`.
    public static func acceptValue(forKey key: String) -> String {
        Data(SHA1.hash(Array((key + keyGUID).utf8))).base64EncodedString()
    }

    /// True when `key` is base64 (with its padding) of exactly 16 bytes.
    public static func isValidKey(_ key: String) -> Bool {
        guard key.utf8.count == 24, let bytes = Data(base64Encoded: key) else { return false }
        return bytes.count == 16
    }

    /// True when the comma-separated list `value` holds `token`, compared without regard to
    /// case and with the spaces around items ignored (`Connection: keep-alive, Upgrade`).
    public static func listsToken(_ token: String, _ value: String) -> Bool {
        value.split(separator: ",").contains { item in
            item.trimmingCharacters(in: CharacterSet(charactersIn: " \t")).lowercased()
                == token.lowercased()
        }
    }
}
