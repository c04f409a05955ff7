import WebSocket

/// One file the server sends: its bytes, type and entity tag, all fixed at start-up.
public struct WebFile: Sendable {
    /// Where it is served, such as `/index.html`.
    public let path: String
    public let body: [UInt8]
    /// Its `Content-Type`.
    public let contentType: String
    /// A strong entity tag from a hash of the bytes, quotes included: it changes exactly when
    /// the file does, so a browser's `If-None-Match` gets a 304 until the server is updated.
    public let etag: String
}

/// The files of a web page, served from the binary under `/` (`/` itself is `/index.html`):
/// they come compiled into it, so no path of a request ever reaches the file system
/// and the server needs nothing beside it.
public struct WebFiles: Sendable {
    /// A file whose extension has no known content type.
    public struct UnknownType: Error, Sendable, Equatable, CustomStringConvertible {
        public let path: String
        public var description: String { "no content type is known for \(path)" }
    }

    private let byPath: [String: WebFile]

    /// No files at all.
    public static let none = WebFiles(checked: [:])

    /// The files at `path` (relative, such as `index.html` or `views/bigtwo.js`).
    public init(_ files: [(path: String, bytes: [UInt8])]) throws(UnknownType) {
        var byPath: [String: WebFile] = [:]
        for (relative, bytes) in files {
            let path = "/" + relative
            guard let type = ContentType.of(path: path) else { throw UnknownType(path: path) }
            let digest = SHA1.hash(bytes).prefix(10)
            let tag = digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            byPath[path] = WebFile(path: path, body: bytes, contentType: type, etag: "\"\(tag)\"")
        }
        self.init(checked: byPath)
    }

    private init(checked: [String: WebFile]) {
        byPath = checked
    }

    /// The paths served, sorted.
    public var paths: [String] { byPath.keys.sorted() }

    /// The file served at `path`: a directory's path (ending in `/`) is its `index.html`.
    public func file(at path: Substring) -> WebFile? {
        path.hasSuffix("/") ? byPath[path + "index.html"] : byPath[String(path)]
    }

    /// True when `header` (an `If-None-Match` value) names `etag`, or is `*`; weak tags
    /// compare by their opaque part, as the header's weak comparison says.
    public static func matches(ifNoneMatch header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { item in
            var tag = item.trimmingSpaces()
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == etag
        }
    }
}
