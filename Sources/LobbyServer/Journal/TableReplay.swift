import LobbyProtocol
import TableCore

/// A table core rebuilt from its journal lines, and what its host must still carry out: the
/// timers still set, the bot decisions and records still awaited, and where each session is.
struct TableReplay<Game: TableGame> {
    /// The core, at the position of the last journal line.
    var core: TableCore<Game>
    /// Timers set and not yet fired or cancelled, with their deadlines.
    var timers: [TableTimer: Milliseconds] = [:]
    /// Bot decisions asked for and not yet fed back.
    var thinking: [BotJob<Game>] = []
    /// Records asked to be stored whose completion the journal does not hold, with the
    /// log position from which each may already be stored (nil when it never reached the log).
    var persisting: [PendingRecord] = []
    /// The last place each session was given (nil: it left).
    var places: [SessionID: TablePlace?] = [:]

    /// Feeds `core` (new, or restored from a checkpoint) the inputs the `entries` record, at
    /// their times, keeping only the state the effects leave behind (messages are dropped: no
    /// one is connected yet).
    init(core: TableCore<Game>, entries: [JournalEntry]) {
        self.core = core
        timers = core.timerDeadlines
        thinking = core.awaitedBotJobs
        for (session, place) in core.places { places[session] = place }
        for entry in entries {
            if entry.kind == .storing || entry.kind == .postpone {
                note(entry)
                continue
            }
            guard let input = input(for: entry) else { continue }
            if case .timerFired(let timer) = input { timers[timer] = nil }
            for effect in self.core.handle(input, now: entry.at ?? 0) { keep(effect) }
        }
    }

    /// A record to store, and from which log position it may already be there.
    struct PendingRecord {
        var record: DealRecord
        var ticket: Int
        var storedFrom: Int?
    }

    /// Moves the core's deadline and timers `delay` milliseconds later (see
    /// ``TableCore/postpone(by:)``).
    mutating func postpone(by delay: Milliseconds) {
        guard delay > 0 else { return }
        core.postpone(by: delay)
        for timer in timers.keys { timers[timer]? += delay }
    }

    /// A line that is not an input: a record handed to the log, or timers moved later.
    private mutating func note(_ entry: JournalEntry) {
        switch entry.kind {
        case .storing:
            guard let index = persisting.firstIndex(where: { $0.ticket == entry.ticket }) else {
                return
            }
            persisting[index].storedFrom = entry.number
        case .postpone:
            postpone(by: Milliseconds(entry.number ?? 0))
        default:
            break
        }
    }

    /// The input a line records; removes the bot job or record it answers.
    private mutating func input(for entry: JournalEntry) -> TableInput<Game>? {
        switch entry.kind {
        case .request:
            guard let session = entry.session, let request = TableJournal.request(of: entry)
            else { return nil }
            return .request(SessionID(session), request, id: nil)
        case .timer:
            return TableJournal.timer(of: entry).map { .timerFired($0) }
        case .bot:
            guard
                let index = thinking.firstIndex(where: {
                    $0.ticket == entry.ticket && $0.seat == entry.seat
                })
            else { return nil }
            return .botChose(thinking.remove(at: index).run())
        case .record:
            guard let index = persisting.firstIndex(where: { $0.ticket == entry.ticket }) else {
                return nil
            }
            var record = persisting.remove(at: index).record
            guard let number = entry.number else {
                return .recorded(ticket: entry.ticket ?? 0, stored: nil)
            }
            record.record = number
            return .recorded(ticket: entry.ticket ?? 0, stored: record)
        case .end:
            return .end
        case .storage:
            return .storage(entry.name.map { .failing(reason: $0) } ?? .ok)
        case .session, .forget, .table, .seed, .finished, .storing, .postpone, .clock, .ids,
            .checkpoint:
            return nil
        }
    }

    private mutating func keep(_ effect: TableEffect<Game>) {
        switch effect {
        case .setTimer(let timer, let deadline): timers[timer] = deadline
        case .cancelTimer(let timer): timers[timer] = nil
        case .think(let job): thinking.append(job)
        case .persist(let record, let ticket):
            persisting.append(PendingRecord(record: record, ticket: ticket))
        case .place(let session, let place): places[session] = place
        case .finished: timers = [:]
        case .send, .info, .note: break
        }
    }
}
