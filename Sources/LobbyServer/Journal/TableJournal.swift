import CardGames
import Dispatch
import Foundation
import LobbyProtocol
import Locking
import TableCore
import WireJSON

/// The server's table journal: sessions, tables, the seeds they draw and every input their
/// cores are fed, one JSON line each, in one append-only file of the data directory. After a
/// crash or a restart the lobby rebuilds its sessions and tables from it (see
/// ``JournalReplay``).
final class TableJournal: Sendable {
    /// The file's name in the data directory.
    static let fileName = "tables.journal"
    /// The default length past which the journal is compacted while the server runs.
    static let defaultCompactionBytes = 16 << 20
    let file: JournalFile
    private let compactionBytes: Int
    private let compaction: Locked<Compaction>
    private let clock = JournalClock()
    /// Where a journal file lost while the server runs is reported.
    private let logger: Logger?

    /// When the next compaction is due, and whether one is under way.
    private struct Compaction {
        var dueAt: Int
        var running = false
    }

    /// Opens the journal in `directory`; it is compacted whenever it grows past
    /// `compactionBytes` and twice its length after the last compaction. A journal file lost
    /// while the server runs is reported to `logger`.
    init(
        directory: String, compactionBytes: Int = defaultCompactionBytes, logger: Logger? = nil
    ) throws(JournalError) {
        file = try JournalFile(
            url: URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName))
        self.compactionBytes = max(compactionBytes, 1)
        compaction = Locked(Compaction(dueAt: max(compactionBytes, 1)))
        self.logger = logger
    }

    /// Every readable line of the journal at `url`, in order; a line that does not parse (a
    /// torn last write) is skipped.
    static func read(_ url: URL) -> [JournalEntry] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        return entries(in: data)
    }

    /// The readable lines of journal content `data`.
    static func entries(in data: Data) -> [JournalEntry] {
        let decoder = JSONDecoder()
        return data.split(separator: 0x0A).compactMap { line in
            try? decoder.decode(JournalEntry.self, from: Data(line))
        }
    }

    /// Journal content `data` with only the lines still needed: live sessions and tables,
    /// the highest ids and the last time.
    ///
    /// The same as decoding every line into ``JournalContents`` and writing its entries, but
    /// only the lines that may be kept are decoded: the rest are read no further than their
    /// ``JournalLineHead``, which says enough to see that a later line replaces them (a newer
    /// checkpoint, the table's end, the session forgotten) and what ids and time they carry.
    static func compacted(_ data: Data) -> Data {
        compacted(JournalBytes(data)) ?? Data()
    }

    /// ``compacted(_:)-(Data)`` of content read a piece at a time; nil when it cannot be read.
    static func compacted(_ bytes: JournalBytes) -> Data? {
        guard let reading = JournalReading(bytes) else { return nil }
        var content = Data()
        for entry in reading.contents.entries {
            guard let line = entry.line() else { continue }
            content.append(line)
            content.append(0x0A)
        }
        return content
    }

    /// Appends one entry; `sync` false leaves it to the next group fsync.
    func append(_ entry: JournalEntry, sync: Bool = true) {
        guard let length = entry.withLine({ file.append($0, sync: sync) }) else { return }
        let due = compaction.withLock { state -> Bool in
            guard !state.running, length >= state.dueAt else { return false }
            state.running = true
            return true
        }
        guard due else { return }
        compact(length: length)
    }

    /// Compacts the file (a compaction is marked under way); `done` hears the new length.
    private func compact(length: Int, done: (@Sendable (Int?) -> Void)? = nil) {
        file.compact({ Self.compacted($0) }) { [self] compactedLength in
            compaction.withLock { state in
                state.running = false
                state.dueAt = max(compactionBytes, 2 * (compactedLength ?? length))
            }
            done?(compactedLength)
        }
    }

    /// Checks that the file the journal writes is still the one at its path. When it was
    /// removed or replaced, its content, still open, is compacted into a fresh file at the
    /// path (a full checkpoint of every session and table), with a warning: a restart would
    /// otherwise find no journal, or another one, and lose every session.
    func checkFile() {
        let identity = file.identity()
        guard identity != .intact, !file.isFailing else { return }
        let start = compaction.withLock { state -> Bool in
            guard !state.running else { return false }
            state.running = true
            return true
        }
        guard start else { return }
        guard identity != .cut else {
            compaction.withLock { $0.running = false }
            logger?.error(
                "table journal: \(file.url.path) was cut short while the server runs: what "
                    + "it held is gone, and tables in progress may not survive a restart")
            return
        }
        let what = identity == .removed ? "removed" : "replaced by another file"
        let path = file.url.path
        let logger = logger
        compact(length: file.length) { length in
            if let length {
                logger?.warning(
                    "table journal: \(path) was \(what) while the server runs: wrote a fresh "
                        + "one (\(length) bytes) from the journal still open")
            } else {
                logger?.error(
                    "table journal: \(path) was \(what) while the server runs, and a fresh "
                        + "one could not be written; trying again in a second")
            }
        }
    }

    /// Replaces the journal by `entries` (compaction at start-up).
    func rewrite(_ entries: [JournalEntry]) throws(JournalError) {
        try file.rewrite(entries.compactMap { $0.line() })
    }

    /// Writes a `clock` line every `interval` milliseconds from now on, so that after a crash
    /// the next start knows, to within that interval, when the server stopped.
    func startClock(every interval: Int = 1_000, now: @escaping @Sendable () -> Milliseconds) {
        clock.start(every: interval) { [self] in
            // Written at once even when lines wait for a client's write: on an idle server
            // none may come, and the line is the last sign of life a restart goes by.
            append(JournalEntry(.clock, at: now()), sync: false)
            file.flushPending()
            checkFile()
        }
    }

    /// Stops the `clock` lines (shutdown).
    func stopClock() {
        clock.stop()
    }

    /// A new session.
    func session(_ id: SessionID, name: String, hash: String) {
        var entry = JournalEntry(.session)
        entry.session = id.value
        entry.name = name
        entry.hash = hash
        append(entry)
    }

    /// A session dropped for good.
    func forget(_ id: SessionID) {
        var entry = JournalEntry(.forget)
        entry.session = id.value
        append(entry)
    }

    /// A new table, made from `create` by `creator`; `owner` is the token hash of the
    /// creator of an all-bot table.
    func table(_ id: Int, create: CreateTable, creator: String, owner: String?) {
        var entry = JournalEntry(.table, table: id)
        entry.create = create
        entry.name = creator
        entry.hash = owner
        append(entry)
    }

    /// A seed table `table` drew.
    func seed(_ seed: DealSeed, table: Int) {
        var entry = JournalEntry(.seed, table: table)
        entry.seed = seed.hex
        append(entry)
    }

    /// Table `table` handed the record of ticket `ticket` to the game log, which then held
    /// `from` records. Written at once, with every line waiting before it: the game log may
    /// make the record durable before any client hears of it, and a restart must find this
    /// line to not store the deal twice.
    func storing(ticket: Int, table: Int, from: Int) {
        var entry = JournalEntry(.storing, table: table)
        entry.ticket = ticket
        entry.number = from
        append(entry)
        file.flushPending()
    }

    /// Table `table`'s timers were moved `delay` milliseconds later at `now`.
    func postpone(table: Int, by delay: Milliseconds, now: Milliseconds) {
        var entry = JournalEntry(.postpone, table: table, at: now)
        entry.number = Int(delay)
        append(entry)
    }

    /// Table `table` between two games: `checkpoint` replaces every line of it before.
    ///
    /// Written at every game's end, so encoded by the protocol's own encoder with keys as
    /// declared (several times cheaper than Foundation's); `JSONDecoder` reads it back.
    /// Returns the bytes of the saved state (0 when it could not be encoded).
    @discardableResult
    func checkpoint<State: Encodable>(_ checkpoint: State, table: Int) -> Int {
        guard let json = try? Self.checkpointEncoder.encode(checkpoint) else { return 0 }
        var entry = JournalEntry(.checkpoint, table: table)
        entry.state = String(decoding: json, as: UTF8.self)
        append(entry)
        return json.count
    }

    private static let checkpointEncoder = WireEncoder(keys: .declared)

    /// The checkpoint a `checkpoint` line holds for a table of `game`, or nil when it does
    /// not decode as one.
    static func checkpoint<Game: TableGame>(_ game: Game.Type, in entry: JournalEntry)
        -> TableCheckpoint<Game.Checkpoint>?
    {
        guard let json = entry.state else { return nil }
        return try? JSONDecoder().decode(
            TableCheckpoint<Game.Checkpoint>.self, from: Data(json.utf8))
    }

    /// Table `table` finished for good.
    func finished(_ table: Int) {
        append(JournalEntry(.finished, table: table))
    }

    /// One input of table `table` at `now`; inputs that change nothing (snapshots, chat) and
    /// the server's stop are not kept.
    func input<Game: TableGame>(_ input: TableInput<Game>, table: Int, now: Milliseconds) {
        if let entry = Self.entry(for: input, table: table, now: now) { append(entry) }
    }

    /// The line for an input, or nil for one not kept.
    static func entry<Game: TableGame>(
        for input: TableInput<Game>, table: Int, now: Milliseconds
    ) -> JournalEntry? {
        switch input {
        case .request(let session, let request, _):
            guard var entry = entry(for: request, table: table, now: now) else { return nil }
            entry.session = session.value
            return entry
        case .timerFired(let timer):
            var entry = JournalEntry(.timer, table: table, at: now)
            switch timer {
            case .turn: entry.timer = "turn"
            case .warning: entry.timer = "warning"
            case .bot: entry.timer = "bot"
            case .nextGame: entry.timer = "next"
            case .release(let session):
                entry.timer = "release"
                entry.session = session.value
            }
            return entry
        case .botChose(let choice):
            var entry = JournalEntry(.bot, table: table, at: now)
            entry.ticket = choice.ticket
            entry.seat = choice.seat
            entry.timedOut = choice.timedOut
            return entry
        case .recorded(let ticket, let stored):
            var entry = JournalEntry(.record, table: table, at: now)
            entry.ticket = ticket
            entry.number = stored?.record
            return entry
        case .end:
            return JournalEntry(.end, table: table, at: now)
        case .stop:
            return nil
        case .storage(let condition):
            var entry = JournalEntry(.storage, table: table, at: now)
            if case .failing(let reason) = condition { entry.name = reason }
            return entry
        }
    }

    private static func entry(for request: TableRequest, table: Int, now: Milliseconds)
        -> JournalEntry?
    {
        var entry = JournalEntry(.request, table: table, at: now)
        switch request {
        case .sitCreator(let name):
            entry.request = "sit_creator"
            entry.name = name
        case .startAllBots:
            entry.request = "start_all_bots"
        case .join(let name, let seat):
            entry.request = "join"
            entry.name = name
            entry.seat = seat
        case .watch(let name):
            entry.request = "watch"
            entry.name = name
        case .leave(let reply):
            entry.request = "leave"
            entry.reply = reply
        case .start:
            entry.request = "start"
        case .move(.play(let cards)):
            entry.request = "play"
            entry.cards = cards.map { Int($0.index) }
        case .move(.pass):
            entry.request = "pass"
        case .move(.lay(let card)):
            entry.request = "lay"
            entry.card = card.rawValue
        case .move(.mark(let cell)):
            entry.request = "mark"
            entry.cards = [cell]
        case .move(.flip(let cards)):
            entry.request = "flip"
            entry.cards = cards
        case .move(.bet(let stakes)):
            entry.request = "bet"
            entry.bets = stakes
        case .move(.again):
            entry.request = "again"
        case .move(.restart):
            entry.request = "restart"
        case .disconnected:
            entry.request = "disconnected"
        case .returned:
            entry.request = "returned"
        case .ready:
            entry.request = "ready"
        case .state, .hint, .chat:
            return nil
        }
        return entry
    }

    /// The request a `request` line records, or nil for a line that names none.
    static func request(of entry: JournalEntry) -> TableRequest? {
        switch entry.request {
        case "sit_creator": return entry.name.map { .sitCreator(name: $0) }
        case "start_all_bots": return .startAllBots
        case "join": return entry.name.map { .join(name: $0, seat: entry.seat) }
        case "watch": return entry.name.map { .watch(name: $0) }
        case "leave": return .leave(reply: entry.reply ?? false)
        case "start": return .start
        case "play":
            let cards = (entry.cards ?? []).compactMap { Card(index: $0) }
            return .move(.play(cards))
        case "pass": return .move(.pass)
        case "lay": return entry.card.flatMap(ECardCard.init(rawValue:)).map { .move(.lay($0)) }
        case "disconnected": return .disconnected
        case "returned": return .returned
        case "ready": return .ready
        case "mark": return entry.cards?.first.map { .move(.mark($0)) }
        case "flip": return entry.cards.map { .move(.flip($0)) }
        case "bet": return entry.bets.map { .move(.bet($0)) }
        case "again": return .move(.again)
        case "restart": return .move(.restart)
        default: return nil
        }
    }

    /// The timer a `timer` line records.
    static func timer(of entry: JournalEntry) -> TableTimer? {
        switch entry.timer {
        case "turn": return .turn
        case "warning": return .warning
        case "bot": return .bot
        case "next": return .nextGame
        case "release": return entry.session.map { .release(SessionID($0)) }
        default: return nil
        }
    }
}
