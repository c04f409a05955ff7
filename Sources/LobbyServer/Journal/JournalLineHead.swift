import LobbyProtocol
import WireJSON

/// The top-level fields of a journal line that decide whether compaction keeps it, read
/// straight from the line's bytes without decoding the rest.
///
/// Compaction reads the whole journal, tens of thousands of lines, of which it keeps only the
/// few that still matter: decoding every line in full cost more than the server's play. A
/// line whose head reads is one `JSONDecoder` would also read as far as these fields go: an
/// object with a known `kind`, whole numbers for the ids and time, nothing after its end.
struct JournalLineHead: Equatable {
    var kind: JournalEntry.Kind
    var table: Int?
    var session: Int?
    var at: Int64?
    /// The line has a `create` member that is not null.
    var hasCreate = false
    /// The line has a `state` member that is a string.
    var hasState = false
}

extension JournalEntry {
    /// The entry's head, as its line's bytes give it.
    var head: JournalLineHead {
        JournalLineHead(
            kind: kind, table: table, session: session, at: at, hasCreate: create != nil,
            hasState: state != nil)
    }
}

extension JournalLineHead {
    /// The head of the JSON object in `bytes`, or nil when they are not one with a known
    /// `kind` (a torn last line, say).
    init?(_ bytes: UnsafeRawBufferPointer) {
        var scanner = JSONScanner(bytes.bindMemory(to: UInt8.self))
        var kind: JournalEntry.Kind?
        var table: Int?
        var session: Int?
        var at: Int64?
        var hasCreate = false
        var hasState = false
        scanner.skipSpace()
        let read = scanner.object { scanner, key in
            if JSONScanner.equals(key, "kind") {
                kind = scanner.string().flatMap(JournalEntry.Kind.init(rawValue:))
                return kind != nil
            }
            if JSONScanner.equals(key, "table") {
                guard let value = scanner.integerOrNull() else { return false }
                table = value
            } else if JSONScanner.equals(key, "session") {
                guard let value = scanner.integerOrNull() else { return false }
                session = value
            } else if JSONScanner.equals(key, "at") {
                guard let value = scanner.integerOrNull() else { return false }
                at = value.map(Int64.init)
            } else if JSONScanner.equals(key, "create") {
                hasCreate = scanner.peek != UInt8(ascii: "n")
                return scanner.skipValue()
            } else if JSONScanner.equals(key, "state") {
                hasState = scanner.peek == UInt8(ascii: "\"")
                return scanner.skipValue()
            } else {
                return scanner.skipValue()
            }
            return true
        }
        scanner.skipSpace()
        guard read, scanner.atEnd, let kind else { return nil }
        self.init(
            kind: kind, table: table, session: session, at: at, hasCreate: hasCreate,
            hasState: hasState)
    }
}
