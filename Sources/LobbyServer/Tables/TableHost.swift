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
/// that cannot wait, or when the flush timer fires, whichever comes first (``TableOutbox``).
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
    /// The timers set, each with the serial number of its setting: a timer whose handler
    /// was already waiting on the lane when it was cancelled or set again finds another
    /// number, and does nothing.
    private var timers: [TableTimer: (source: any DispatchSourceTimer, serial: Int)] = [:]
    private var timerSerial = 0
    private let encoder = ServerMessageEncoder()
    /// While stopping: the records still to be stored before the stop is complete.
    private var stopping: DispatchGroup?
    /// Inputs the effects being carried out answer at once (a record with no game log).
    private var immediate: [TableInput<Game>] = []
    /// The bytes for each player: those of the input being handled, sent together once it is
    /// done, and broadcasts that may still wait.
    private var outbox: TableOutbox
    /// Sends the broadcasts that waited long enough; made when first needed.
    private var flushTimer: (any DispatchSourceTimer)?
    /// When `flushTimer` fires next, if it is set.
    private var flushDeadline: UInt64?

    /// A host for a new core; the lobby learns its first description from ``info``.
    init(core: TableCore<Game>, services: TableServices, journal: TableJournal? = nil) {
        self.id = core.id
        self.core = core
        self.services = services
        self.journal = journal
        self.lane = SerialLane(queue: ServerQueues.table(label: "LobbyServer.table.\(core.id)"))
        self.outbox = TableOutbox(window: UInt64(max(0, services.broadcastDelay)) * 1_000_000)
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

    private func take(_ request: TableRequest, from player: PlayerSession, id requestID: RequestID?)
    {
        players[player.id] = player
        // A resumed player's messages were held until the table takes them back: what
        // waited for the connection they left is dropped, as the snapshot covers it.
        if request == .returned {
            outbox.release(player.id)
            player.release()
        }
        feed(.request(player.id, request, id: requestID))
        if core.place(of: player.id) == nil {
            players[player.id] = nil
            outbox.release(player.id)
        }
    }

    func end() {
        lane.async { [self] in feed(.end) }
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
        let now = services.now()
        // The line is in the kernel before anyone hears of the input's effects.
        journal?.input(input, table: id, now: now)
        let effects = core.handle(input, now: now)
        // Once a game's record is durable, the table is between games: its checkpoint makes
        // every line of it before unneeded.
        if let journal, case .recorded = input, let checkpoint = core.checkpoint() {
            journal.checkpoint(checkpoint, table: id)
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
            flushTimer?.cancel()
            flushTimer = nil
            flushDeadline = nil
        } else {
            outbox.sendUrgent()
            scheduleFlush()
        }
    }

    private func perform(_ effect: TableEffect<Game>) {
        switch effect {
        case .send(let outbound):
            if case .game(let event) = outbound.message, Game.startsDeal(event) {
                services.metrics.dealStarted()
            }
            deliver(outbound)
        case .setTimer(let timer, let deadline):
            setTimer(timer, at: deadline)
        case .cancelTimer(let timer):
            timers.removeValue(forKey: timer)?.source.cancel()
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
            for timer in timers.values { timer.source.cancel() }
            timers = [:]
            journal?.finished(id)
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

    /// Sets the flush timer for the oldest broadcast still waiting, unless it is set already
    /// (it is then due no later, since later broadcasts wait until later).
    private func scheduleFlush() {
        guard flushDeadline == nil, let oldest = outbox.oldestWaiting else { return }
        let deadline = oldest + outbox.window
        flushDeadline = deadline
        let timer = flushTimer ?? makeFlushTimer()
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline))
    }

    private func makeFlushTimer() -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: lane.queue)
        timer.setEventHandler { [self] in lane.run { [self] in flushWaited() } }
        flushTimer = timer
        timer.resume()
        return timer
    }

    /// The flush timer fired: every broadcast that has waited at least half the delay leaves
    /// now, rather than wake the timer again soon after, and the timer is set for what still
    /// waits. (Run late, after the timer was set again, it only sends early what was due
    /// soon and sets the timer again.)
    private func flushWaited() {
        precondition(lane.isRunningHere, "a table's flush off its lane")
        flushDeadline = nil
        let now = TableOutbox.clock()
        let half = outbox.window / 2
        outbox.sendWaited(since: now > half ? now - half : 0)
        scheduleFlush()
    }

    /// Stores a record through the game log; the core hears once it is durable.
    private func persist(_ record: DealRecord, ticket: Int) {
        guard let recorder = services.recorder else {
            immediate.append(.recorded(ticket: ticket, stored: record))
            return
        }
        journal?.storing(ticket: ticket, table: id, from: recorder.recordCount)
        let group = stopping
        group?.enter()
        recorder.record(record) { [self] stored in
            group?.leave()
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
        timers.removeValue(forKey: timer)?.source.cancel()
        let delay = max(0, deadline - services.now())
        let source = DispatchSource.makeTimerSource(queue: lane.queue)
        source.schedule(deadline: .now() + .milliseconds(Int(delay)))
        timerSerial += 1
        let serial = timerSerial
        source.setEventHandler { [self] in
            lane.run { [self] in
                guard timers[timer]?.serial == serial else { return }
                timers.removeValue(forKey: timer)?.source.cancel()
                feed(.timerFired(timer))
            }
        }
        timers[timer] = (source, serial)
        source.resume()
    }
}
