import Foundation
import LobbyProtocol
import WireJSON

extension JournalEntry {
    /// The names of every stored property, in declaration order: the keys ``fastLine()``
    /// writes. A test compares them with the type's properties, so a field added to the entry
    /// cannot be left out of the journal's lines unnoticed.
    static let lineKeys = [
        "kind", "table", "at", "session", "name", "hash", "create", "request", "seat", "reply",
        "cards", "card", "bets", "timer", "ticket", "number", "timedOut", "seed", "state",
    ]

    /// The entry as one JSON line (without the newline), in the form `JSONDecoder` reads back.
    /// Inputs, which a table writes at every move, are written directly; the rare entries
    /// that carry a whole `create` request or a list of bets go through Foundation's encoder.
    func line() -> Data? {
        withLine { Data($0) }
    }

    /// Calls `body` with the bytes of ``line()``, without copying them into a `Data` for the
    /// inputs written directly; nil when the entry does not encode.
    func withLine<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        if create != nil || bets != nil {
            guard let line = try? JSONEncoder().encode(self) else { return nil }
            return line.withUnsafeBytes(body)
        }
        return fastLine().bytes.withUnsafeBytes(body)
    }

    /// The fields as a JSON object, in declaration order, absent ones left out (as the
    /// synthesized `Encodable` conformance leaves them out); `create` and `bets` are not
    /// written, so ``line()`` only uses this when they are nil.
    func fastLine() -> JSONOutput {
        var output = JSONOutput(capacity: 96)
        output.appendRaw("{\"kind\":")
        output.appendString(kind.rawValue)
        if let table { output.member("table", table) }
        if let at { output.member("at", at) }
        if let session { output.member("session", session) }
        if let name { output.member("name", name) }
        if let hash { output.member("hash", hash) }
        if let request { output.member("request", request) }
        if let seat { output.member("seat", seat) }
        if let reply { output.member("reply", reply) }
        if let cards { output.member("cards", cards) }
        if let card { output.member("card", card) }
        if let timer { output.member("timer", timer) }
        if let ticket { output.member("ticket", ticket) }
        if let number { output.member("number", number) }
        if let timedOut { output.member("timedOut", timedOut) }
        if let seed { output.member("seed", seed) }
        if let state { output.member("state", state) }
        output.append(UInt8(ascii: "}"))
        return output
    }
}

extension JSONOutput {
    /// Appends `,"key":` for a member after the first.
    fileprivate mutating func key(_ key: StaticString) {
        appendRaw(",\"")
        appendRaw(key)
        appendRaw("\":")
    }

    fileprivate mutating func member(_ name: StaticString, _ value: some FixedWidthInteger) {
        key(name)
        appendInteger(value)
    }

    fileprivate mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        appendString(value)
    }

    fileprivate mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        appendBool(value)
    }

    fileprivate mutating func member(_ name: StaticString, _ values: [Int]) {
        key(name)
        append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            appendInteger(value)
        }
        append(UInt8(ascii: "]"))
    }
}
