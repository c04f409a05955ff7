import Dispatch
import Foundation
import LobbyProtocol
import TableCore

/// Runs one table: owns its serial lane, feeds the pure ``TableCore`` its inputs, and
/// carries out the effects: messages (each distinct projection encoded once), cancellable
/// timers, records stored through the game log, bots thinking on a bot queue, and the table's
/// description and members' places pushed to the lobby.
///
/// Game broadcasts to people who are not asked to act may wait up to the broadcast delay,
/// so that several moves reach them in one write: they leave with the person's next message
/// that cannot wait, or at a tick of the ``FlushTicker``, whichever comes first (``TableOutbox``).
/// Only the timing changes: each person gets the same bytes in the same order.
///
/// The table's work runs one item at a time on its ``SerialLane``: a game request a connection
/// hands straight to an idle table runs at once on the connection's poller thread, which then
/// writes the answers; everything else (requests through the lobby, timers, bots' choices,
/// records stored) waits its turn on the table's queue.
final class TableHost<Game: TableGame>: TableHandle, @unchecked Sendable {
    let id: Int
    private let lane: SerialLane
    private let services: TableServices
    /// Where every input is written before its effects are carried out, when the server
    /// keeps a journal.
    private let journal: TableJournal?

    // Everything below is touched only by the lane's work.
    private var core: TableCore<Game>
    /// The players the core's sessions stand for.
    private var players: [SessionID: PlayerSession] = [:]
    /// The deadline of each timer the core has set (uptime, nanoseconds). One dispatch timer
    /// serves them all: a person's turn sets two timers and cancels two at every move, and
    /// a dispatch timer apiece would cost the dispatch manager's thread two wake-ups each.
    private var deadlines: [TableTimer: UInt64] = [:]
    /// Fires the due timers; made when first needed.
    private var clock: (any DispatchSourceTimer)?
    /// When `clock` fires next, if it is set: at the earliest deadline, or before it when
    /// that timer was cancelled or set later since (the clock then finds nothing due and is
    /// set again), so that moving a deadline later costs nothing.
    private var clockDue: UInt64?
    private let encoder = ServerMessageEncoder()
    /// While stopping: the records still to be stored before the stop is complete.
    private var stopping: DispatchGroup?
    /// Inputs the effects being carried out answer at once (a record with no game log).
    private var immediate: [TableInput<Game>] = []
    /// The bytes for each player: those of the input being handled, sent together once it is
    /// done, and broadcasts that may still wait.
    private var outbox: TableOutbox
    /// True while the table waits for the flush ticker's next tick.
    private var enlisted = false
    /// True once the server's shutdown froze the table: it takes no more input.
    private var frozen = false
    /// The storage as the lobby last told it.
    private var storage = TableStorage.ok
    /// Records finished while the journal held lines the disk refused: each goes to the game
    /// log once the journal lines before it are written, so that a restart never replays a
    /// deal whose record is already stored.
    private var awaitingJournal: [(record: DealRecord, ticket: Int)] = []
    /// Input lines journaled since the table's latest checkpoint.
    private var linesSinceCheckpoint = 0
    /// The bytes of the state the latest checkpoint saved.
    private var checkpointBytes = 0

    /// Input lines after which a table whose kind saves a checkpoint during a game writes
    /// one as soon as it can: a game that runs unbounded between two records (a tic-tac-toe
    /// round restarted again and again) keeps at most about this many lines in the journal.
    static var linesPerCheckpoint: Int { 64 }

    /// The fewest bytes an input line takes in the journal, about.
    static var bytesPerLine: Int { 64 }

    /// True when enough lines follow the latest checkpoint for a new one cut during a game:
    /// ``linesPerCheckpoint``, or, after a large checkpoint (one that holds every move made so
    /// far), at least its size in lines, so that the checkpoints of a long game never take
    /// more of the journal than its lines do.
    private var checkpointDue: Bool {
        linesSinceCheckpoint >= max(Self.linesPerCheckpoint, checkpointBytes / Self.bytesPerLine)
    }

    /// A host for a new core; the lobby learns its first description from ``info``.
    init(core: TableCore<Game>, services: TableServices, journal: TableJournal? = nil) {
        self.id = core.id
        self.core = core
        self.services = services
        self.journal = journal
        self.lane = SerialLane(queue: ServerQueues.table(label: "LobbyServer.table.\(core.id)"))
        self.outbox = TableOutbox(window: UInt64(max(0, services.broadcastDelay)) * 1_000_000)
        let storage = services.storage.tableStorage
        if storage != .ok { lane.async { [self] in apply(storage) } }
    }

    /// A host for a core rebuilt from the journal: it sets the timers still running again
    /// (those already past run out at once), asks again for the bot decisions and records
    /// still awaited, and then carries on.
    convenience init(
        replay: TableReplay<Game>, players: [PlayerSession], services: TableServices,
        journal: TableJournal?
    ) {
        self.init(core: replay.core, services: services, journal: journal)
        lane.async { [self] in
            for player in players { self.players[player.id] = player }
            for (timer, deadline) in replay.timers { setTimer(timer, at: deadline) }
            for job in replay.thinking { perform(.think(job)) }
            for pending in replay.persisting { persistOnce(pending) }
            // The journal may end in a spell of failing storage the server has since left.
            apply(services.storage.tableStorage)
        }
    }

    var kind: TableKind { Game.kind }

    /// The description of the new table, before its lane runs anything.
    var initialInfo: TableInfo { core.makeInfo() }

    func submit(_ request: TableRequest, from player: PlayerSession, id requestID: RequestID?) {
        lane.async { [self] in take(request, from: player, id: requestID) }
    }

    func submitHere(
        _ request: TableRequest, from player: PlayerSession, id requestID: RequestID?
    ) {
        lane.run { [self] in take(request, from: player, id: requestID) }
    }

    /// Specialized like ``feed(_:)``: the generic entry point jumps to the copy for the
    /// table's game.
    @_specialize(where Game == BigTwoGame)
    @_specialize(where Game == ECardGame)
    private func take(_ request: TableRequest, from player: PlayerSession, id requestID: RequestID?)
    {
        if frozen {
            let refusal = ServerEvent.error(
                .shuttingDown, "the server is shutting down; the table goes on after its restart")
            player.send(encoder.line(refusal, id: requestID))
            return
        }
        players[player.id] = player
        // A resumed player's messages were held until the table takes them back: what
        // waited for the connection they left is dropped, as the snapshot covers it.
        if request == .returned {
            outbox.release(player.id)
            player.release()
        }
        feed(.request(player.id, request, id: requestID))
        if reading(core: { $0.place(of: player.id) }) == nil {
            players[player.id] = nil
            outbox.release(player.id)
        }
    }

    func end() {
        lane.async { [self] in feed(.end) }
    }

    func storageChanged(_ storage: TableStorage) {
        lane.async { [self] in apply(storage) }
    }

    /// Tells the core of the storage, and hands the game log the records that waited for the
    /// journal.
    private func apply(_ new: TableStorage) {
        storage = new
        let coreFailing = reading(core: { $0.storageFailure }) != nil
        if coreFailing != (new.condition != .ok) { feed(.storage(new.condition)) }
        guard new.journalTakesLines, !awaitingJournal.isEmpty else { return }
        let waiting = awaitingJournal
        awaitingJournal = []
        services.storage.recordsWaitingForJournal(-waiting.count)
        for (record, ticket) in waiting { persist(record, ticket: ticket) }
    }

    func stop(completion: @escaping @Sendable () -> Void) {
        lane.async { [self] in
            let group = DispatchGroup()
            stopping = group
            feed(.stop)
            stopping = nil
            group.notify(queue: lane.queue, execute: completion)
        }
    }

    func freeze(completion: @escaping @Sendable () -> Void) {
        lane.async { [self] in
            frozen = true
            deadlines = [:]
            clock?.cancel()
            clock = nil
            clockDue = nil
            // What the journal holds already leaves: the clients saw nothing the next start
            // does not carry on from.
            outbox.releaseAll()
            completion()
        }
    }

    /// Feeds one input to the core and carries out its effects. Records go to the game log,
    /// and places, the description and the table's end to the lobby, first, in the core's
    /// order: the lobby knows of a change before any player hears of it, and a finished
    /// table's last record is in the log's hands before the lobby forgets the table (so a
    /// shutdown that flushes the log includes it).
    ///
    /// Specialized for the two card games, as ``TableCore/handle(_:now:)`` is: the generic
    /// entry point jumps to the copy for the table's game.
    @_specialize(where Game == BigTwoGame)
    @_specialize(where Game == ECardGame)
    private func feed(_ input: TableInput<Game>) {
        precondition(lane.isRunningHere, "a table's input fed off its lane")
        // A frozen table's bots, timers and records are asked again after the restart.
        guard !frozen else { return }
        let now = services.now()
        let started = core.gamesStarted
        let effects = core.handle(input, now: now)
        // The line is in the kernel before anyone hears of the input's effects. A request
        // refused changed nothing and writes nothing, so that no one grows the journal by
        // repeating one (a refused `restart`, a thousand times a second).
        if !core.changedNothing, let journal {
            journal.input(input, table: id, now: now)
            linesSinceCheckpoint += 1
        }
        for _ in started..<core.gamesStarted { services.metrics.dealStarted() }
        // Once a game's record is durable, the table is between games: its checkpoint makes
        // every line of it before unneeded. A game that goes on long without a record is cut
        // during the game, when its kind saves one then.
        var recorded = false
        if case .recorded = input { recorded = true }
        if let journal, recorded || checkpointDue,
            let checkpoint = reading(core: { $0.checkpoint() })
        {
            checkpointBytes = journal.checkpoint(checkpoint, table: id)
            linesSinceCheckpoint = 0
        }
        for effect in effects {
            switch effect {
            case .persist(let record, let ticket):
                services.metrics.dealFinished()
                persist(record, ticket: ticket)
            case .place(let session, let place):
                // What waited for the session leaves before the lobby may answer it anew.
                outbox.release(session)
                services.placeChanged(session, id, place)
            case .info(let info): services.infoChanged(info)
            case .finished:
                outbox.releaseAll()
                services.finished(id)
            default: break
            }
        }
        for effect in effects { perform(effect) }
        while !immediate.isEmpty { feed(immediate.removeFirst()) }
        // Whatever waited for a person leaves with the answer to their request; an accepted
        // move's answer is its game event, which may wait like everyone else's copy.
        if case .request(let session, let request, _) = input, !request.isMove {
            outbox.hurry(session)
        }
        if core.status == .finished {
            outbox.releaseAll()
        } else {
            outbox.sendUrgent()
            scheduleFlush()
        }
    }

    /// What `read` finds in the core, read in place: a method called on the stored core
    /// directly is handed a copy of it, a retain and release of every array it holds.
    private func reading<Value>(core read: (inout TableCore<Game>) -> Value) -> Value {
        read(&core)
    }

    private func perform(_ effect: TableEffect<Game>) {
        switch effect {
        case .send(let outbound):
            deliver(outbound)
        case .setTimer(let timer, let deadline):
            setTimer(timer, at: deadline)
        case .cancelTimer(let timer):
            deadlines[timer] = nil
        case .think(let job):
            services.botQueue.async { [self] in
                let choice = job.run()
                lane.run { [self] in feed(.botChose(choice)) }
            }
        case .place, .info, .persist:
            break
        case .note(let text):
            services.logger.info(text)
        case .finished:
            deadlines = [:]
            clock?.cancel()
            clock = nil
            clockDue = nil
            journal?.finished(id)
            // The lobby forgets a finished table and stops telling it of the storage: what
            // waited for the journal goes to the game log now.
            let waiting = awaitingJournal
            awaitingJournal = []
            services.storage.recordsWaitingForJournal(-waiting.count)
            for (record, ticket) in waiting { persist(record, ticket: ticket, now: true) }
        }
    }

    /// Sends each recipient its projection. A message every viewer sees alike is encoded once
    /// for everyone; one that depends on the viewer, once per place a viewer stands in (a
    /// hand's seat, watching…). A reply gets its own copy with the id. A copy that may wait
    /// (a game event for anyone it does not prompt, the echo of their own move included) is
    /// held in the outbox.
    private func deliver(_ outbound: Outbound<Game>) {
        let shared = TableProjection.publicProjection(of: outbound.message)
        var sharedLine: Data?
        var lines: [(viewer: Viewer, line: Data)] = []
        for recipient in outbound.recipients {
            guard let player = players[recipient.session] else { continue }
            if let reply = recipient.replyTo {
                let event = shared ?? outbound.projected(for: recipient)
                outbox.add(
                    encoder.line(event, id: reply), for: player,
                    urgent: outbound.delivery.isUrgent(for: recipient.session))
                continue
            }
            let line: Data
            if let shared {
                line = sharedLine ?? encoder.line(shared)
                sharedLine = line
            } else if let known = lines.first(where: { $0.viewer == recipient.viewer }) {
                line = known.line
            } else {
                line = encoder.line(outbound.projected(for: recipient))
                lines.append((recipient.viewer, line))
            }
            let urgent = outbound.delivery.isUrgent(for: recipient.session)
            outbox.add(line, for: player, urgent: urgent)
        }
    }

    /// Enlists the table with the flush ticker while broadcasts wait, unless it is already.
    private func scheduleFlush() {
        guard !enlisted, outbox.oldestWaiting != nil else { return }
        enlisted = true
        services.flushTicker.enlist(table: id) { [weak self] in
            guard let self else { return }
            lane.run { [self] in flushWaited() }
        }
    }

    /// The ticker ticked: every broadcast that has waited at least one of its intervals (half
    /// the delay) leaves now, as it would wait too long for the next tick, and the table
    /// enlists again for what still waits.
    private func flushWaited() {
        precondition(lane.isRunningHere, "a table's flush off its lane")
        enlisted = false
        let now = TableOutbox.clock()
        let interval = services.flushTicker.interval
        outbox.sendWaited(since: now > interval ? now - interval : 0)
        scheduleFlush()
    }

    /// Stores a record through the game log; the core hears once it is durable. While the
    /// disk refuses the game log's records, the log holds it (and the core, its result); while
    /// it refuses the journal's lines, the record waits here for them first.
    private func persist(_ record: DealRecord, ticket: Int, now: Bool = false) {
        guard let recorder = services.recorder else {
            immediate.append(.recorded(ticket: ticket, stored: record))
            return
        }
        if journal != nil, !storage.journalTakesLines, !now {
            awaitingJournal.append((record, ticket))
            services.storage.recordsWaitingForJournal(1)
            return
        }
        journal?.storing(ticket: ticket, table: id, from: recorder.recordCount)
        let group = stopping
        group?.enter()
        let logger = services.logger
        let table = id
        recorder.record(record) { [self] stored in
            group?.leave()
            if stored == nil {
                logger.error("table \(table): a record could not be stored and was given up on")
            }
            lane.async { [self] in feed(.recorded(ticket: ticket, stored: stored)) }
        }
    }

    /// Stores a record the journal says was handed to the game log before a restart, unless
    /// the log already holds it: then the core hears of the stored one, and the deal is not
    /// stored twice.
    private func persistOnce(_ pending: TableReplay<Game>.PendingRecord) {
        guard
            let stored = services.recorder?.storedRecord(
                sameDealAs: pending.record, from: pending.storedFrom)
        else {
            persist(pending.record, ticket: pending.ticket)
            return
        }
        feed(.recorded(ticket: pending.ticket, stored: stored))
    }

    /// Arms `timer` for `deadline`, replacing its earlier deadline.
    private func setTimer(_ timer: TableTimer, at deadline: Milliseconds) {
        // Capped (at 30 years) so that no deadline, however far off, overflows in nanoseconds.
        let delay = UInt64(min(max(0, deadline - services.now()), 1 << 40)) * 1_000_000
        deadlines[timer] = DispatchTime.now().uptimeNanoseconds + delay
        setClock()
    }

    /// Sets the clock for the earliest deadline, unless it fires no later already.
    private func setClock() {
        guard let earliest = deadlines.values.min() else { return }
        if let due = clockDue, due <= earliest { return }
        clockDue = earliest
        let source = clock ?? makeClock()
        source.schedule(deadline: DispatchTime(uptimeNanoseconds: earliest))
    }

    private func makeClock() -> any DispatchSourceTimer {
        let source = DispatchSource.makeTimerSource(queue: lane.queue)
        source.setEventHandler { [self] in lane.run { [self] in clockFired() } }
        clock = source
        source.resume()
        return source
    }

    /// Fires every timer whose deadline has passed, earliest first (one fired may cancel or
    /// move another), then sets the clock for the next.
    private func clockFired() {
        precondition(lane.isRunningHere, "a table's timers fired off its lane")
        clockDue = nil
        let now = DispatchTime.now().uptimeNanoseconds
        let due = deadlines.filter { $0.value <= now }.sorted { $0.value < $1.value }
        for (timer, deadline) in due where deadlines[timer] == deadline {
            deadlines[timer] = nil
            feed(.timerFired(timer))
        }
        setClock()
    }
}
