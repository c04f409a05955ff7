import Foundation

/// One HTTP exchange for tests over a real socket: sends bytes, reads a response (its head and
/// its `Content-Length` worth of body).
public struct HTTPTestResponse: Sendable {
    /// The status code.
    public let status: Int
    /// The status line and header fields.
    public let head: String
    /// Header fields by lower-case name (the last value of a repeated field).
    public let fields: [String: String]
    public let body: [UInt8]

    /// The body as text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Sends `request` on `client` and reads the response; with `head`, there is no body.
    public static func exchange(
        _ request: String, on client: LineClient, head: Bool = false
    ) throws -> HTTPTestResponse {
        try client.sendRaw(Array(request.utf8))
        return try read(from: client, head: head)
    }

    /// `GET path` (or another method) with the given extra lines, on a new connection.
    public static func request(
        port: UInt16, _ path: String, method: String = "GET", fields: [String] = []
    ) throws -> HTTPTestResponse {
        let client = try LineClient.connect(port: port)
        defer { client.close() }
        let lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + fields
        return try exchange(lines.joined(separator: "\r\n") + "\r\n\r\n", on: client, head: method == "HEAD")
    }

    /// Reads one response from `client`.
    public static func read(from client: LineClient, head: Bool = false) throws -> HTTPTestResponse {
        let (text, headRest) = try WebSocketTestClient.readHead(from: client)
        var rest = headRest
        var fields: [String: String] = [:]
        for line in text.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        let length = head || status == 304 ? 0 : Int(fields["content-length"] ?? "0") ?? 0
        while rest.count < length {
            guard let more = try client.readBytes() else { break }
            rest += more
        }
        return HTTPTestResponse(status: status, head: text, fields: fields, body: Array(rest.prefix(length)))
    }
}
