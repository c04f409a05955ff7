import CardGames
import Foundation
import LobbyProtocol
import TableCore

/// The server's table journal: sessions, tables, the seeds they draw and every input their
/// cores are fed, one JSON line each, in one append-only file of the data directory. After a
/// crash or a restart the lobby rebuilds its sessions and tables from it (see
/// ``JournalReplay``).
final class TableJournal: Sendable {
    /// The file's name in the data directory.
    static let fileName = "tables.journal"
    let file: JournalFile

    /// Opens the journal in `directory`.
    init(directory: String) throws(JournalError) {
        file = try JournalFile(
            url: URL(fileURLWithPath: directory).appendingPathComponent(Self.fileName))
    }

    /// Every readable line of the journal at `url`, in order; a line that does not parse (a
    /// torn last write) is skipped.
    static func read(_ url: URL) -> [JournalEntry] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: 0x0A).compactMap { line in
            try? decoder.decode(JournalEntry.self, from: Data(line))
        }
    }

    /// Appends one entry.
    func append(_ entry: JournalEntry) {
        guard let line = entry.line() else { return }
        file.append(line)
    }

    /// Replaces the journal by `entries` (compaction at start-up).
    func rewrite(_ entries: [JournalEntry]) throws(JournalError) {
        let encoder = JSONEncoder()
        try file.rewrite(entries.compactMap { try? encoder.encode($0) })
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
        case .state, .chat:
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
