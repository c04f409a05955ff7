import CardGames
import Foundation
import GameRecords
import Glibc
import LobbyClient
import LobbyProtocol
import Locking
import Testing
import TestSupport
import WireJSON

/// The server on a disk that fills up while a table of every kind plays, watched by people:
/// no result is announced before it is in the game log, the people are told (in JSON and in
/// plain words), play resumes by itself once space returns, `verify` passes, and every result
/// announced before, during and after is in `history` exactly once.
///
/// The disk is a small tmpfs the test mounts and fills (ENOSPC) where mounting is allowed,
/// and everywhere a file-size limit set on the running server (EFBIG).
@Suite(.serialized) struct DiskFullTests {
    enum Disk: String, CaseIterable, Sendable {
        /// A 4 MB tmpfs, filled to its last byte.
        case smallFilesystem
        /// RLIMIT_FSIZE of 1 byte on the server process.
        case fileSizeLimit
    }

    @Test(arguments: Disk.allCases, [true, false])
    func resultsWaitForTheDiskAndNoneIsLost(disk: Disk, journal: Bool) throws {
        var filesystem: SmallFilesystem?
        let data: String
        switch disk {
        case .smallFilesystem:
            guard let mounted = SmallFilesystem(bytes: 4 << 20) else {
                print("DiskFullTests: no tmpfs can be mounted here; the file-size limit runs")
                return
            }
            filesystem = mounted
            data = mounted.path + "/data"
        case .fileSizeLimit:
            data = NSTemporaryDirectory() + "bigtwo-disk-full-\(UUID().uuidString)"
        }
        defer { if disk == .fileSizeLimit { try? FileManager.default.removeItem(atPath: data) } }
        let server = try ServerProcess(
            arguments: [
                "--data-dir", data, "--bot-delay-ms", "25", "--journal-compact-kb", "64",
                "--log-level", "warning", "--seed", "27",
            ] + (journal ? [] : ["--no-journal"]), keepingLog: true)
        let pid = server.process.processIdentifier
        let kinds: [TableKind] = [.bigtwo, .ecard, .tictactoe, .memory, .roulette]
        var watchers: [TableWatcher] = []
        for kind in kinds { watchers.append(try TableWatcher(port: server.port, kind: kind)) }
        let reader = try TextReader(port: server.port, table: watchers[0].table)
        defer {
            watchers.forEach { $0.stop() }
            reader.stop()
        }

        // Before: every table plays and records.
        #expect(Self.wait { watchers.allSatisfy { $0.results.count >= 2 } })

        // During: the disk is full.
        switch disk {
        case .smallFilesystem: filesystem?.fill()
        case .fileSizeLimit: #expect(FileSizeLimit.set(1, for: pid))
        }
        #expect(
            Self.wait(seconds: 20) { watchers.allSatisfy { $0.storage.contains("failing") } },
            "the people at every table are told")
        // Time in which the tables would run ahead if they announced what they cannot store.
        Thread.sleep(forTimeInterval: 2)
        let stats = try Self.stats(port: server.port)
        let storage = stats["storage"] as? [String: Any] ?? [:]
        #expect(stats["status"] as? String == "degraded", "\(stats)")
        // The health check says so too, and still answers 200: the server serves its players.
        let health = try HTTPTestResponse.request(port: server.port, "/health")
        #expect(health.status == 200, "\(health.head)")
        #expect(health.text.contains(#""status":"degraded""#), "\(health.text)")
        #expect(health.text.contains(#""severity":"degraded""#), "\(health.text)")
        #expect(storage["game_log"] as? String == "failing" || storage["journal"] as? String == "failing")
        let announcedWhileFull = watchers.map { $0.results }
        print(
            "DiskFullTests \(disk), journal \(journal): while full, "
                + "\(storage["held_records"] ?? "-") record(s) and "
                + "\(storage["held_journal_lines"] ?? "-") journal line(s) held "
                + "(\(storage["reason"] ?? "-")); results announced per table: "
                + "\(announcedWhileFull.map(\.count))")
        let onDisk = Self.records(in: data)
        for (watcher, announced) in zip(watchers, announcedWhileFull) {
            let stored = onDisk.filter { $0.table == watcher.table }
            #expect(
                announced.count <= stored.count,
                "\(watcher.kind): \(announced.count) results announced, \(stored.count) in the log")
            let commitments = Set(stored.compactMap(\.commitment))
            let missing = announced.compactMap(\.commitment).filter { !commitments.contains($0) }
            #expect(missing.isEmpty, "\(watcher.kind): \(missing.count) announced, not in the log")
        }
        #expect(
            Self.wait { reader.lines.contains { $0.contains("the server cannot save results") } },
            "plain words in text mode: \(reader.lines.suffix(5))")

        // After: space returns, and play resumes by itself.
        switch disk {
        case .smallFilesystem: filesystem?.makeRoom()
        case .fileSizeLimit: #expect(FileSizeLimit.set(nil, for: pid))
        }
        #expect(Self.wait(seconds: 20) { watchers.allSatisfy { $0.storage.last == "ok" } })
        let resumedAt = watchers.map { $0.results.count }
        #expect(
            Self.wait {
                zip(watchers, resumedAt).allSatisfy { $0.results.count >= $1 + 2 }
            }, "every table plays on")
        #expect(Self.wait { reader.lines.contains { $0.contains("results are being saved again") } })
        #expect(try Self.stats(port: server.port)["status"] as? String == "ok")
        #expect(
            try HTTPTestResponse.request(port: server.port, "/health").text
                == #"{"problems":[],"status":"ok"}"# + "\n")

        // Every result announced is in history exactly once.
        let announced = watchers.map { $0.results }
        let history = try Self.history(port: server.port)
        let (status, log) = server.stopAndReadLog()
        #expect(status == 0)
        let stored = Self.records(in: data)
        for (watcher, results) in zip(watchers, announced) {
            let entries = history.filter { $0.table == watcher.table }
            let listed = entries.reduce(0) { $0 + ($1.handCount ?? 1) }
            let records = stored.filter { $0.table == watcher.table }
            #expect(listed >= results.count, "\(watcher.kind): \(listed) in history")
            #expect(listed <= records.count, "\(watcher.kind): \(records.count) in the log")
            let listedCommitments = entries.compactMap(\.commitment)
            #expect(Set(listedCommitments).count == listedCommitments.count)
            for commitment in results.compactMap(\.commitment) where watcher.kind == .bigtwo {
                #expect(listedCommitments.filter { $0 == commitment }.count == 1)
            }
        }
        let ids = stored.map(\.dealID)
        #expect(Set(ids).count == ids.count, "a deal stored twice")
        #expect(stored.map(\.record) == Array(1...stored.count))
        let verified = try ExecutableRun("bigtwo-client", ["verify", "--record", data])
        #expect(verified.status == 0, "\(verified.output)\(verified.errors)")

        // Logged once per episode, at error level, with counts; and its end.
        let refusals = log.split(separator: "\n").filter { $0.contains("the disk refuses writes") }
        #expect(refusals.allSatisfy { $0.contains(" ERROR ") && $0.contains("holding") })
        #expect((1...2).contains(refusals.count), "\(log)")
        #expect(log.contains("the disk takes writes again"), "\(log)")
        #expect(!log.contains("could not be stored"), "\(log)")
    }

    // MARK: - Helpers

    /// Waits up to `seconds` for `condition`, looking every 10 ms.
    static func wait(seconds: Double = 30, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    /// Every record in the segments of `data`, read straight from the files.
    static func records(in data: String) -> [DealRecord] {
        let decoder = WireCodec.makeDecoder()
        return LogSegments.list(in: data).flatMap { name -> [DealRecord] in
            guard let bytes = FileManager.default.contents(atPath: data + "/" + name) else {
                return []
            }
            return bytes.split(separator: 0x0A).compactMap {
                try? decoder.decode(DealRecord.self, from: Data($0))
            }
        }
    }

    /// The server's `stats`, as JSON.
    static func stats(port: UInt16) throws -> [String: Any] {
        let client = try JSONClient(port: port)
        let line = try client.callForLine(#"{"type":"stats","id":1}"#)
        return try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    }

    /// Every entry of `history`, page after page.
    static func history(port: UInt16) throws -> [DealSummary] {
        let client = try JSONClient(port: port)
        _ = try client.call(#"{"type":"hello","name":"historian","id":1}"#)
        var entries: [DealSummary] = []
        var cursor: Int?
        repeat {
            let more = cursor.map { #","cursor":\#($0)"# } ?? ""
            guard case .history(let page) = try client.call(
                #"{"type":"history","limit":25,"id":2\#(more)}"#)
            else { throw ClientError.usage("no history") }
            entries += page.deals
            cursor = page.nextCursor
        } while cursor != nil
        return entries
    }
}

/// A JSON connection that sends a request and waits for the reply with its id.
final class JSONClient {
    let client: LineClient
    private let decoder = ServerMessageDecoder()

    init(port: UInt16) throws {
        client = try LineClient.connect(port: port)
        _ = try client.readLine()
    }

    /// The reply to `line` (a request with an id), skipping events.
    func call(_ line: String) throws -> ServerEvent {
        try decoder.decode(try callForLine(line)).event
    }

    /// The reply line to `line` (a request with an id), skipping events.
    func callForLine(_ line: String) throws -> String {
        try client.send(line)
        while let reply = try client.readLine() {
            let object = try? JSONSerialization.jsonObject(with: Data(reply.utf8))
            if (object as? [String: Any])?["id"] != nil { return reply }
        }
        throw ClientError.usage("the connection closed")
    }
}

/// A result announced at a table: its commitment when the kind reveals one.
struct AnnouncedResult: Equatable {
    var commitment: String?
}

/// The owner of an all-bot table of one kind, watching it on a thread of its own.
final class TableWatcher: @unchecked Sendable {
    let kind: TableKind
    let table: Int
    private let connection: JSONClient
    private let seen = Locked<(results: [AnnouncedResult], storage: [String])>(([], []))
    private let stopped = Locked(false)
    private let done = DispatchSemaphore(value: 0)

    init(port: UInt16, kind: TableKind) throws {
        self.kind = kind
        connection = try JSONClient(port: port)
        _ = try connection.call(#"{"type":"hello","name":"\#(kind.rawValue)-owner","id":1}"#)
        let created = try connection.call(
            #"{"type":"create","kind":"\#(kind.rawValue)","all_bots":true,"games":100000,"id":2}"#)
        guard case .created(let notice) = created else {
            throw ClientError.usage("not created: \(created)")
        }
        table = notice.table.id
        try connection.client.send(#"{"type":"watch","table":\#(table)}"#)
        Thread.detachNewThread { [self] in read() }
    }

    /// The results announced so far, in order.
    var results: [AnnouncedResult] { seen.withLock { $0.results } }
    /// The `state` of each `storage` event received so far, in order.
    var storage: [String] { seen.withLock { $0.storage } }

    func stop() {
        stopped.withLock { $0 = true }
        connection.client.interrupt()
        done.wait()
        connection.client.close()
    }

    private func read() {
        defer { done.signal() }
        let decoder = ServerMessageDecoder()
        while !stopped.withLock({ $0 }) {
            let read: String??
            do { read = try connection.client.readLine() } catch { read = .some(nil) }
            guard let line = read else { return }
            guard let line else { continue }
            if line.contains(#""type":"storage""#) {
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
                let state = (object as? [String: Any])?["state"] as? String ?? "?"
                seen.withLock { $0.storage.append(state) }
                continue
            }
            guard let message = try? decoder.decode(line) else { continue }
            var result: AnnouncedResult?
            switch message.event {
            case .dealEnd(let end): result = AnnouncedResult(commitment: end.commitment)
            case .ecardReveal(let reveal) where reveal.winner != nil:
                result = AnnouncedResult()
            case .tictactoeResult: result = AnnouncedResult()
            case .memoryEnd(let end): result = AnnouncedResult(commitment: end.commitment)
            case .rouletteSpin: result = AnnouncedResult()
            default: break
            }
            if let result { seen.withLock { $0.results.append(result) } }
        }
    }
}

/// A person in text mode watching a table, keeping every line.
final class TextReader: @unchecked Sendable {
    private let client: LineClient
    private let kept = Locked<[String]>([])
    private let stopped = Locked(false)
    private let done = DispatchSemaphore(value: 0)

    init(port: UInt16, table: Int) throws {
        client = try LineClient.connect(port: port)
        try client.send("hello reader")
        try client.send("watch \(table)")
        Thread.detachNewThread { [self] in read() }
    }

    var lines: [String] { kept.withLock { $0 } }

    func stop() {
        stopped.withLock { $0 = true }
        client.interrupt()
        done.wait()
        client.close()
    }

    private func read() {
        defer { done.signal() }
        while !stopped.withLock({ $0 }) {
            let read: String??
            do { read = try client.readLine() } catch { read = .some(nil) }
            guard let line = read else { return }
            if let line { kept.withLock { $0.append(line) } }
        }
    }
}
