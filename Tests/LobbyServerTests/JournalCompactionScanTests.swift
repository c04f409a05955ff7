import CardGames
import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// Compaction decodes only the lines it may keep; it must keep exactly what decoding every
/// line would.
@Suite("Journal compaction from line heads")
struct JournalCompactionScanTests {
    /// What compaction gave when it decoded every line: the reference.
    static func compactedByDecodingAll(_ data: Data) -> Data {
        var content = Data()
        for entry in JournalContents(TableJournal.entries(in: data)).entries {
            guard let line = entry.line() else { continue }
            content.append(line)
            content.append(0x0A)
        }
        return content
    }

    @Test("random journals compact as if every line were decoded", arguments: 1...40)
    func matchesDecodingEveryLine(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let data = Self.randomJournal(&random, lines: 50 + Int(random.next() % 400))
        // Entries, not bytes: Foundation's encoder writes a `create`'s members in no fixed
        // order.
        let compacted = TableJournal.entries(in: TableJournal.compacted(data))
        let reference = TableJournal.entries(in: Self.compactedByDecodingAll(data))
        #expect(compacted == reference)
        #expect(compacted.count > 2)
        // Compacting again changes nothing.
        let again = TableJournal.entries(in: TableJournal.compacted(TableJournal.compacted(data)))
        #expect(again == compacted)
    }

    @Test(
        "a journal file read in small pieces compacts as the whole content does",
        arguments: [1, 7, 64, 4096])
    func piecesReadAsTheWhole(pieceBytes: Int) throws {
        var random = SplitMix64(seed: UInt64(pieceBytes))
        // The last line lacks its newline, as a write cut off by a crash leaves it.
        var data = Self.randomJournal(&random, lines: 300)
        data.append(contentsOf: Array(#"{"kind":"clock","at":"#.utf8))
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("journal-pieces-\(UUID().uuidString)").path
        try data.write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let file = JournalBytes(descriptor: fd, length: data.count, pieceBytes: pieceBytes)
        var lines: [Range<Int>] = []
        var last = true
        #expect(file.forEachLine { range, _, terminated in
            lines.append(range)
            last = terminated
        })
        var whole: [Range<Int>] = []
        #expect(JournalBytes(data).forEachLine { range, _, _ in whole.append(range) })
        #expect(lines == whole)
        #expect(!last)
        let compacted = try #require(TableJournal.compacted(file))
        #expect(
            TableJournal.entries(in: compacted)
                == TableJournal.entries(in: TableJournal.compacted(data)))
        // A file shorter than it was said to be cannot be read whole.
        let short = JournalBytes(descriptor: fd, length: data.count + 10, pieceBytes: pieceBytes)
        #expect(TableJournal.compacted(short) == nil)
    }

    @Test func headsReadTheFieldsThatDecideAndRefuseWhatDoesNotDecode() {
        func head(_ text: String) -> JournalLineHead? {
            Array(text.utf8).withUnsafeBytes { JournalLineHead($0) }
        }
        let checkpoint = head(
            #"{"kind":"checkpoint","table":3,"at":-5,"state":"{\"table\":9,\"s\":\"}\"}"}"#)
        #expect(checkpoint?.kind == .checkpoint)
        #expect(checkpoint?.table == 3 && checkpoint?.at == -5 && checkpoint?.hasState == true)
        let created = head(#" { "create" : {"kind":"bigtwo","seats":[1,2]}, "kind" : "table" } "#)
        #expect(created?.kind == .table && created?.hasCreate == true && created?.table == nil)
        #expect(head(#"{"kind":"table","create":null}"#)?.hasCreate == false)
        #expect(head(#"{"kind":"session","session":null}"#)?.session == nil)
        for bad in [
            #"{"kind":"checkpoint","table":3,"state":"{\"tab"#,  // torn
            #"{"kind":"bogus","table":1}"#,
            #"{"table":1}"#,
            #"{"kind":"seed","table":1.5}"#,
            #"{"kind":"seed","table":"1"}"#,
            #"{"kind":"seed","table":99999999999999999999}"#,
            #"{"kind":"seed"} x"#,
            #"{"kind":"seed",}"#,
            #"["kind","seed"]"#,
            "",
        ] {
            #expect(head(bad) == nil, "\(bad)")
        }
    }

    /// Lines of every kind, for a few sessions and tables, some torn or garbled, in the
    /// shapes the server writes.
    static func randomJournal(_ random: inout SplitMix64, lines: Int) -> Data {
        var data = Data()
        let create = CreateTable(kind: .bigtwo, bots: "greedy", games: 1, turnSeconds: 30)
        for _ in 0..<lines {
            let table = Int(random.next() % 5) + 1
            let session = Int(random.next() % 6) + 1
            let at = random.next() % 3 == 0 ? nil : Int64(random.next() % 100_000)
            var entry: JournalEntry
            switch random.next() % 16 {
            case 0:
                entry = JournalEntry(.session)
                entry.session = session
                entry.name = "p\(session)"
                entry.hash = "abc"
            case 1:
                entry = JournalEntry(.forget)
                entry.session = session
            case 2:
                entry = JournalEntry(.table, table: table)
                entry.create = random.next() % 5 == 0 ? nil : create
                entry.name = "p\(session)"
            case 3:
                entry = JournalEntry(.seed, table: table)
                entry.seed = random.next() % 4 == 0 ? "zz" : String(repeating: "ab", count: 32)
            case 4:
                entry = JournalEntry(.checkpoint, table: table)
                if random.next() % 5 != 0 { entry.state = #"{"table":\#(table),"x":"a\"b"}"# }
            case 5:
                entry = JournalEntry(.finished, table: table)
            case 6:
                entry = JournalEntry(.ids, table: Int(random.next() % 9))
                entry.session = Int(random.next() % 9)
            case 7:
                entry = JournalEntry(.clock, at: at)
            case 8:
                entry = JournalEntry(.timer, table: table, at: at)
                entry.timer = "turn"
            case 9:
                entry = JournalEntry(.bot, table: table, at: at)
                entry.ticket = 3
                entry.seat = 1
            case 10:
                entry = JournalEntry(.end, table: table, at: at)
            default:
                entry = JournalEntry(.request, table: table, at: at)
                entry.session = session
                entry.request = "play"
                entry.cards = [1, 2, 3]
            }
            guard var line = entry.line() else { continue }
            switch random.next() % 40 {
            case 0: line = line.prefix(line.count / 2)  // torn
            case 1: line = Data(#"{"kind":"request","table":1,"cards":"x"}"#.utf8)  // does not decode
            default: break
            }
            data.append(line)
            data.append(0x0A)
        }
        return data
    }
}
