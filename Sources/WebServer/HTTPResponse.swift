import Foundation

/// An HTTP/1.1 response: status, header fields and body, written out by ``bytes(head:)``.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The header fields in order, as they are written (names in their usual case).
    public var fields: [(name: String, value: String)]
    /// The body; sent only when the request was not `HEAD`, but always counted in
    /// `Content-Length`.
    public var body: [UInt8]

    public init(status: Int, fields: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.fields = fields
        self.body = body
    }

    /// A small plain-text reply, such as an error, that no cache keeps.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            fields: [
                ("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store"),
            ], body: Array(text.utf8))
    }

    /// The value of the field `name` (any case), if set.
    public func value(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Sets the field `name`, replacing its value if it is already set.
    public mutating func set(_ name: String, _ value: String) {
        if let index = fields.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
            fields[index].value = value
        } else {
            fields.append((name, value))
        }
    }

    /// The reason phrase of `status`.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 426: "Upgrade Required"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }

    /// The response as it goes on the wire; with `head`, without the body.
    public func bytes(head: Bool = false) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in fields { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        var bytes = Array(text.utf8)
        if !head { bytes += body }
        return bytes
    }

    public static func == (lhs: HTTPResponse, rhs: HTTPResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.fields.map(\.name) == rhs.fields.map(\.name)
            && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }
}
