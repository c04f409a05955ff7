import CardGames
import Foundation
import LobbyProtocol

/// `bench --mode fuzz`: `help` latency while `--fuzzers` logged-in connections send `--lines`
/// lines in all, each as fast as its request budget allows: malformed JSON, random bytes,
/// plain commands with random words, and real requests with random fields (tables created,
/// joined, watched and left, chat, lists and records asked for). A fuzzer the server drops is
/// replaced. The lines come from a seeded generator, so a run can be repeated.
enum FuzzBench {
    /// Lines a second each fuzzer sends: just inside the server's default budget.
    static let linesPerSecond = 1_900
    /// Chat lines a second each fuzzer sends: inside the server's chat budget (2.5 a second),
    /// so that chat, a tenth of the mix, never gets the fuzzer dropped for flooding and the
    /// rest of the mix reaches the server from a logged-in session.
    static let chatPerSecond = 2

    static func run(_ options: BenchOptions) throws(ClientError) -> BenchReport {
        let tag = String(getpid() % 10_000)
        let probe = try? ServerStatsProbe(address: options.address)
        defer { probe?.close() }
        let sent = Counter()
        let replies = Counter()
        let share = (options.lines + options.fuzzers - 1) / options.fuzzers
        let (latencies, errors, seconds) = try PacedProbe.run(
            .help, options: options, threads: options.fuzzers
        ) { fuzzer, stop in
            var lines = FuzzLines(
                seed: UInt64(fuzzer) &+ 2026, chatEvery: linesPerSecond / chatPerSecond)
            var count = 0
            var generation = 0
            // A fuzzer the server drops for flooding or a bad line is replaced.
            while count < share, !stop.isSet {
                let name = "fuzz\(tag)x\(fuzzer)g\(generation)"
                generation += 1
                guard let socket = try? RawLineSocket(address: options.address) else { return }
                socket.send(#"{"type":"hello","name":"\#(name)"}"#)
                let drain = LineDrain([socket.fd])
                let start = Date()
                var here = 0
                while count < share, !stop.isSet {
                    let due = start.addingTimeInterval(Double(here) / Double(linesPerSecond))
                    let wait = due.timeIntervalSinceNow
                    if wait > 0.001 { usleep(UInt32(wait * 1_000_000)) }
                    guard socket.sendBytes(lines.next()) else { break }
                    here += 1
                    count += 1
                    sent.increment()
                }
                replies.add(drain.stop())
                socket.close()
            }
        }
        var report = PacedProbe.report(
            .fuzz, latencies: latencies, errors: errors, seconds: seconds, tables: 0,
            backgroundLines: replies.value, server: probe?.figures())
        report.fuzzLines = sent.value
        return report
    }
}

/// An endless, seeded run of hostile lines, each ending with a newline.
struct FuzzLines {
    private var random: Xoshiro256StarStar
    /// At most one chat line in this many lines; the others the mix picks are picked again.
    private let chatEvery: Int
    /// Lines since the last chat line.
    private var sinceChat: Int

    init(seed: UInt64, chatEvery: Int = 1) {
        random = Xoshiro256StarStar(seed: seed)
        self.chatEvery = max(chatEvery, 1)
        sinceChat = self.chatEvery
    }

    private static let requests = [
        #"{"type":"list"}"#, #"{"type":"list","limit":50,"cursor":%n}"#, #"{"type":"who"}"#,
        #"{"type":"help"}"#, #"{"type":"stats"}"#, #"{"type":"history","limit":25}"#,
        #"{"type":"leaderboard","kind":"%k"}"#, #"{"type":"create","kind":"%k","name":"%w"}"#,
        #"{"type":"create","all_bots":true,"games":1}"#, #"{"type":"join","table":%n}"#,
        #"{"type":"watch","table":%n}"#, #"{"type":"leave"}"#, #"{"type":"start"}"#,
        #"{"type":"play","cards":"%w"}"#, #"{"type":"chat","text":"%w %w"}"#,
        #"{"type":"chat","text":"%w","to":"lobby"}"#, #"{"type":"state"}"#,
        #"{"type":"mark","cell":%n}"#, #"{"type":"flip","cards":[%n,%n]}"#,
        #"{"type":"bet","segment":%n,"chips":%n}"#, #"{"type":"ready"}"#,
        #"{"type":"hello","name":"%w"}"#, #"{"type":"%w"}"#, "list more", "who", "history more",
        "create %k name=%w", "join %n", "watch %n", "leave", "chat %w %w %w", "%w %w",
        "play %w", "mark %n", "mode text", "mode json",
    ]
    private static let kinds = TableKind.allCases.map(\.rawValue) + ["x"]
    private static let words = [
        "3d", "ann", "bot 2", "you", "\u{202E}", "\u{1B}[2J", "\u{200B}", "é\u{301}\u{301}",
        "99999999999999999999", "-1", "null", "{", "\"", "\\", "💥", "a\u{0}b", "ＡＮＮ",
    ]

    /// The next line's bytes.
    mutating func next() -> [UInt8] {
        var bytes: [UInt8]
        switch random.next() % 10 {
        case 0:
            // Random bytes, not always UTF-8.
            let count = Int(random.next() % 200)
            bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next() % 255 + 1) }
            bytes.removeAll { $0 == 0x0A }
        case 1:
            // A request cut short or with a byte changed.
            var line = Array(fill(request()).utf8)
            if random.next() % 2 == 0, !line.isEmpty {
                line = Array(line.prefix(pick(line.count)))
            } else if !line.isEmpty {
                line[pick(line.count)] = UInt8(truncatingIfNeeded: random.next() % 94 + 33)
            }
            bytes = line
        case 2:
            // Deep nesting or a long value.
            let depth = pick(40)
            bytes = Array((String(repeating: "[", count: depth) + "1"
                + String(repeating: "]", count: depth)).utf8)
        default:
            bytes = Array(fill(request()).utf8)
        }
        bytes.append(0x0A)
        return bytes
    }

    /// A request template, a chat line only when one is due.
    private mutating func request() -> String {
        sinceChat += 1
        while true {
            let template = Self.requests[pick(Self.requests.count)]
            guard Self.isChat(template) else { return template }
            guard sinceChat >= chatEvery else { continue }
            sinceChat = 0
            return template
        }
    }

    /// True for a template of a chat line.
    static func isChat(_ template: String) -> Bool {
        template.hasPrefix("chat ") || template.contains(#""type":"chat""#)
    }

    private mutating func pick(_ count: Int) -> Int {
        Int(random.next() % UInt64(max(count, 1)))
    }

    private mutating func fill(_ template: String) -> String {
        var text = template
        while let range = text.range(of: "%n") {
            let number = [String(pick(40)), "-3", "1e30", "0.5", "9223372036854775807"][pick(5)]
            text.replaceSubrange(range, with: number)
        }
        while let range = text.range(of: "%k") {
            text.replaceSubrange(range, with: Self.kinds[pick(Self.kinds.count)])
        }
        while let range = text.range(of: "%w") {
            var word = Self.words[pick(Self.words.count)]
            if template.hasPrefix("{") {
                word = word.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"")
            }
            text.replaceSubrange(range, with: word)
        }
        return text
    }
}
