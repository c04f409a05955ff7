/// The head of one HTTP/1.x request: its request line and header fields (a body is never
/// read; a request announcing one is refused).
public struct HTTPRequest: Sendable, Equatable {
    /// The method, such as `GET`, as sent (methods are case-sensitive).
    public var method: String
    /// The request target: an absolute path, with any query.
    public var target: String
    /// The minor version of HTTP/1.x: 0 or 1.
    public var minorVersion: Int
    /// The header fields in order, names in lower case, values without surrounding spaces.
    public var fields: [(name: String, value: String)]

    public init(
        method: String, target: String, minorVersion: Int, fields: [(name: String, value: String)]
    ) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.fields = fields
    }

    /// The target's path, without the query.
    public var path: Substring {
        target[..<(target.firstIndex(of: "?") ?? target.endIndex)]
    }

    /// Every value of the field called `name` (in lower case), in order.
    public func values(_ name: String) -> [String] {
        fields.compactMap { $0.name == name ? $0.value : nil }
    }

    /// The value of a field that must appear at most once; nil when absent or repeated.
    public func value(_ name: String) -> String? {
        let all = values(name)
        return all.count == 1 ? all[0] : nil
    }

    /// True when the client wants the connection closed after the reply: HTTP/1.0 without
    /// `Connection: keep-alive`, or `Connection: close`.
    public var wantsClose: Bool {
        let connection = values("connection")
        if connection.contains(where: { Self.lists("close", $0) }) { return true }
        return minorVersion == 0 && !connection.contains(where: { Self.lists("keep-alive", $0) })
    }

    /// True when the comma-separated `value` holds `token`, in any case.
    static func lists(_ token: String, _ value: String) -> Bool {
        value.split(separator: ",").contains {
            $0.trimmingSpaces().lowercased() == token
        }
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target
            && lhs.minorVersion == rhs.minorVersion
            && lhs.fields.map(\.name) == rhs.fields.map(\.name)
            && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    func trimmingSpaces() -> SubSequence {
        var text = self[...]
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
