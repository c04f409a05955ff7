import Foundation
import GameRecords
import LobbyProtocol
import Locking
import TestSupport

/// One client's conversation with a real server, written down as protocol.md shows it: `→ `
/// before each line sent, `← ` before each line received. The session token becomes `<token>`
/// and a record's finishing time `<time>`, the only parts that differ from run to run. The
/// server has a fixed master seed, no bot delay and a game log in a temporary directory, so
/// `history` lists the games played.
final class Transcript {
    private let directory = TemporaryDirectory()
    let server: TestServer
    private let client: LineClient
    private let decoder = ServerMessageDecoder()
    private(set) var lines: [String] = []
    private var token: String?

    /// Connects to a new server and reads its greeting, written down only when
    /// `showingGreeting`.
    init(seed: UInt64 = 2026, showingGreeting: Bool) throws {
        server = try TestServer(seed: seed, recorder: try GameLog(directory: directory.url))
        client = try LineClient.connect(port: server.port)
        let greeting = showingGreeting ? try receive() : try client.readLine()
        guard greeting?.hasPrefix("{") == true else { throw TestFailure("no JSON greeting") }
    }

    deinit {
        directory.remove()
    }

    /// Sends `line` and writes it down.
    func send(_ line: String) throws {
        lines.append("→ " + line)
        try client.send(line)
    }

    /// The next line received, written down.
    @discardableResult
    func receive() throws -> String {
        guard let line = try client.readLine() else { throw TestFailure("the server closed") }
        if token == nil { token = Self.token(in: line) }
        var shown = token.map { line.replacingOccurrences(of: $0, with: "<token>") } ?? line
        shown = shown.replacing(/"finished_at":[0-9]+/, with: #""finished_at":<time>"#)
        lines.append("← " + shown)
        return line
    }

    /// The next message received, decoded (JSON mode), written down.
    func receiveMessage() throws -> ServerMessage {
        try decoder.decode(try receive())
    }

    /// Lines received up to and including the first one `done` accepts.
    @discardableResult
    func receive(until done: (String) -> Bool) throws -> [String] {
        var received: [String] = []
        repeat {
            received.append(try receive())
        } while !done(received.last!)
        return received
    }

    /// Sends `line`, then receives up to and including the first line `done` accepts.
    @discardableResult
    func exchange(_ line: String, until done: (String) -> Bool) throws -> [String] {
        try send(line)
        return try receive(until: done)
    }

    /// Sends a JSON request, then receives up to and including the first message of type
    /// `type`.
    func request(_ line: String, until type: String) throws {
        try send(line)
        while try receiveMessage().event.type != type {}
    }

    /// The session token a `welcome` carries, in JSON or as text.
    private static func token(in line: String) -> String? {
        if let range = line.range(of: #""token":""#) {
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        if let range = line.range(of: "to come back after a drop, type: hello ") {
            return line[range.upperBound...].split(separator: " ").last.map(String.init)
        }
        return nil
    }
}

/// The documents of the contract, protocol.md and those its contents list under docs/, whose
/// transcripts tests check against real runs.
enum ProtocolDocument {
    /// The repository's root.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// protocol.md, the core of the contract.
    static var url: URL { root.appendingPathComponent("protocol.md") }

    /// The paths, from the root, of every document of the contract: protocol.md, then each
    /// `docs/….md` its contents name, in their order.
    static func documents() throws -> [String] {
        let core = try String(contentsOf: url, encoding: .utf8)
        let contents = core.firstRange(of: "## Contents\n").map { core[$0.upperBound...] } ?? ""
        let section =
            contents.firstRange(of: "\n## ").map { contents[..<$0.lowerBound] }
            ?? contents
        var paths = ["protocol.md"]
        for match in section.matches(of: /docs\/[a-z\/-]+\.md/)
        where !paths.contains(String(match.output)) {
            paths.append(String(match.output))
        }
        return paths
    }

    /// Whether tests rewrite the document's transcripts instead of checking them.
    static var updating: Bool {
        ProcessInfo.processInfo.environment["BIGTWO_UPDATE_TRANSCRIPT"] != nil
    }

    /// Tests run in parallel: one at a time reads and rewrites the documents.
    private static let access = Locked(())

    /// The first fenced block after `heading`, in whichever document of the contract holds
    /// that heading (exactly one must), must hold exactly `lines`: a description of the
    /// difference, or nil when it does. With BIGTWO_UPDATE_TRANSCRIPT set, the block is
    /// rewritten instead and nil returned.
    static func mismatch(inBlockAfter heading: String, lines: [String]) throws -> String? {
        try access.withLock { _ in
            Result { try mismatchAlone(inBlockAfter: heading, lines: lines) }
        }.get()
    }

    private static func mismatchAlone(inBlockAfter heading: String, lines: [String]) throws
        -> String?
    {
        var holders: [(path: String, text: String, title: Range<String.Index>)] = []
        for path in try documents() {
            let text = try String(
                contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            if let title = text.range(of: heading + "\n") { holders.append((path, text, title)) }
        }
        guard holders.count == 1, let (path, document, title) = holders.first else {
            return holders.isEmpty
                ? "no document of the contract has the heading \(heading)"
                : "\(holders.map(\.path).joined(separator: " and ")) all have \(heading)"
        }
        let block = "```\n" + lines.joined(separator: "\n") + "\n```\n"
        guard let open = document.range(of: "```\n", range: title.upperBound..<document.endIndex),
            let close = document.range(of: "\n```\n", range: open.upperBound..<document.endIndex)
        else { return "\(path) has no block after \(heading)" }
        let current = document[open.lowerBound..<close.upperBound]
        if current == block { return nil }
        if updating {
            let updated = document.replacingCharacters(
                in: open.lowerBound..<close.upperBound, with: block)
            try updated.write(
                to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
            return nil
        }
        let old = current.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .map(String.init)
        var first = 0
        while first < min(old.count, lines.count), old[first] == lines[first] { first += 1 }
        let line = first < lines.count ? lines[first] : "(the end)"
        return "the block after \(heading) in \(path) is stale from its line \(first + 1), "
            + "which is now '\(line)': run with BIGTWO_UPDATE_TRANSCRIPT=1"
    }
}
