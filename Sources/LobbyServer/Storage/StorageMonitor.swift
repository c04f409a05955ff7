import Dispatch
import GameRecords
import LobbyProtocol
import Locking
import TableCore

/// The storage as a table sees it: whether results can be stored, and whether the journal
/// takes lines (a record goes to the game log only after the journal lines before it).
struct TableStorage: Sendable, Equatable {
    /// What the table core is told.
    var condition: StorageCondition
    /// False while the journal holds lines the disk refused.
    var journalTakesLines: Bool

    /// Everything reaches the disk.
    static let ok = TableStorage(condition: .ok, journalTakesLines: true)
}

/// Whether the server's storage takes what the server writes: the game log's records and the
/// table journal's lines.
///
/// Each of the two holds what the disk refuses (a full disk, a file-size limit, an I/O error)
/// in RAM, in order, and tries again by itself. The monitor hears of each such episode:
/// it logs its beginning once at error level, with what is held, and its end once, with what
/// was written and how long it took (never a line per record); it tells the lobby, which
/// tells every table (a table holds its result and begins no new game meanwhile); and it
/// gives `stats` the figures.
final class StorageMonitor: Sendable {
    /// A part of the storage.
    enum Part: String, Sendable {
        case gameLog = "game log"
        case journal = "table journal"
    }

    private struct State {
        var failing: [Part: GameLogError] = [:]
        var listener: (@Sendable (TableStorage) -> Void)?
        var told = TableStorage.ok
    }

    private let state = Locked(State())
    /// Records tables keep until the journal takes lines again.
    private let waitingForJournal = Locked(0)
    private let logger: Logger
    private let recorder: (any DealRecorder)?
    private let journal: JournalFile?

    /// Watches `recorder` and `journal` (either may be missing), logging to `logger`.
    init(recorder: (any DealRecorder)?, journal: JournalFile?, logger: Logger) {
        self.recorder = recorder
        self.journal = journal
        self.logger = logger
        recorder?.observeStorage { [weak self] event in self?.heard(event, from: .gameLog) }
        journal?.observe { [weak self] event in self?.heard(event, from: .journal) }
    }

    /// Calls `listener` at every change of the storage as tables see it.
    func listen(_ listener: @escaping @Sendable (TableStorage) -> Void) {
        state.withLock { $0.listener = listener }
    }

    /// The storage as tables see it now.
    var tableStorage: TableStorage {
        state.withLock { Self.tableStorage(failing: $0.failing) }
    }

    /// True while the game log or the journal holds writes the disk refused.
    var isDegraded: Bool { state.withLock { !$0.failing.isEmpty } }

    private static func tableStorage(failing: [Part: GameLogError]) -> TableStorage {
        guard let failure = failing[.gameLog] ?? failing[.journal] else { return .ok }
        return TableStorage(
            condition: .failing(reason: failure.reason),
            journalTakesLines: failing[.journal] == nil)
    }

    private func heard(_ event: GroupCommitEvent, from part: Part) {
        let unit = part == .gameLog ? "result record(s)" : "line(s)"
        switch event {
        case .holding(let failure, let held):
            logger.error(
                "\(part.rawValue): the disk refuses writes (\(failure.reason)): holding "
                    + "\(held) \(unit) in RAM, in order, and trying again every second; "
                    + "tables hold their results and begin no new game until it takes them "
                    + "(the server says so to their players, and stats says degraded)")
            changeState { $0[part] = failure }
        case .released(let written, let attempts, let seconds):
            let time = String(format: "%.1f", seconds)
            logger.warning(
                "\(part.rawValue): the disk takes writes again: wrote the \(written) held "
                    + "\(unit) in order after \(time) s and \(attempts) refused tries; "
                    + "tables play on")
            changeState { $0[part] = nil }
        case .abandoned(let count):
            logger.error(
                "\(part.rawValue): stopping while the disk still refuses writes: \(count) "
                    + "held \(unit) were not written")
            changeState { $0[part] = nil }
        }
    }

    private func changeState(_ change: (inout [Part: GameLogError]) -> Void) {
        let (listener, storage) = state.withLock { current -> ((@Sendable (TableStorage) -> Void)?, TableStorage) in
            change(&current.failing)
            let storage = Self.tableStorage(failing: current.failing)
            guard storage != current.told else { return (nil, storage) }
            current.told = storage
            return (current.listener, storage)
        }
        listener?(storage)
    }

    /// A table keeps `count` more records (fewer, when negative) until the journal takes
    /// lines again.
    func recordsWaitingForJournal(_ count: Int) {
        waitingForJournal.withLock { $0 += count }
    }

    /// What `/health` says of the storage now: a degraded server while the disk refuses the
    /// game log's or the journal's writes (games go on; results wait for the disk).
    var healthProblems: [ServerStatus.Problem] {
        let failing = state.withLock { $0.failing }
        return failing.keys.sorted { $0.rawValue < $1.rawValue }.map { part in
            ServerStatus.Problem(
                name: part == .gameLog ? "game_log" : "journal", severity: .degraded,
                detail: "the disk refuses the \(part.rawValue)'s writes (\(failing[part]!.reason)): "
                    + "they wait in memory")
        }
    }

    /// The figures `stats` reports.
    var stats: StorageStats {
        let failing = state.withLock { $0.failing }
        let log = recorder?.storageHealth
        let lines = journal?.health
        let since = [log?.since, lines?.since].compactMap { $0 }.min()
        let failure = failing[.gameLog] ?? failing[.journal]
        return StorageStats(
            status: failing.isEmpty ? .ok : .degraded,
            gameLog: recorder == nil ? .none : failing[.gameLog] == nil ? .ok : .failing,
            journal: journal == nil ? .none : failing[.journal] == nil ? .ok : .failing,
            heldRecords: (log?.held ?? 0) + waitingForJournal.withLock { $0 },
            heldJournalLines: lines?.held ?? 0,
            reason: failure?.reason,
            failingSeconds: since.map {
                Double(DispatchTime.now().uptimeNanoseconds - $0) / 1e9
            },
            episodes: (log?.episodes ?? 0) + (lines?.episodes ?? 0))
    }

    /// At shutdown, what the disk still refuses is given up on (the game log's observer says
    /// so at error level); held journal lines are lost with the process.
    func abandonHeld(journalKeepsTables: Bool) {
        if let lost = recorder?.abandonHeld(), lost > 0, journalKeepsTables {
            logger.warning(
                "game log: the journal keeps the tables of the \(lost) record(s) not written; "
                    + "they store them at the next start")
        }
        if let lines = journal?.heldLines(), lines > 0 {
            logger.error(
                "table journal: stopping while the disk still refuses writes: \(lines) held "
                    + "line(s) were not written, so the tables they concern restart from "
                    + "before them")
        }
    }
}
