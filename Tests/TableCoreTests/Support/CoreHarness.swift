import CardGames
import LobbyProtocol
import TableCore

/// Drives a table core the way a host does, but at once and with a clock the test moves:
/// bots answer synchronously, records are durable at once (unless held), timers fire only
/// when the test advances time past them. Every message is kept per session, projected.
struct CoreHarness<Game: TableGame> {
    var core: TableCore<Game>
    var now: Milliseconds = 1_000_000
    var timers: [TableTimer: Milliseconds] = [:]
    /// Bot jobs held back when ``autoBots`` is off.
    var jobs: [BotJob<Game>] = []
    /// Records held back when ``autoRecord`` is off, with their tickets.
    var heldRecords: [(record: DealRecord, ticket: Int)] = []
    var stored: [DealRecord] = []
    var autoBots = true
    var autoRecord = true
    /// Every message sent, before projection.
    var sent: [Outbound<Game>] = []
    /// What each session received, after projection.
    var received: [SessionID: [ServerMessage]] = [:]
    var places: [SessionID: TablePlace] = [:]
    /// The descriptions the core published, in order.
    var infos: [TableInfo] = []
    var finished = false

    init(setup: TableSetup, settings: Game.Settings, master: UInt64 = 7, drawn: UInt64 = 0) {
        core = TableCore(
            setup: setup, settings: settings, seeds: FixedSeeds(master: master, drawn: drawn))
    }

    /// Feeds `input` and everything the effects feed back at once.
    mutating func feed(_ input: TableInput<Game>) {
        var inputs = [input]
        while !inputs.isEmpty {
            for effect in core.handle(inputs.removeFirst(), now: now) {
                switch effect {
                case .send(let outbound):
                    sent.append(outbound)
                    for recipient in outbound.recipients {
                        let event = outbound.projected(for: recipient)
                        received[recipient.session, default: []].append(
                            ServerMessage(event, id: recipient.replyTo))
                    }
                case .persist(let record, let ticket):
                    stored.append(record)
                    if autoRecord {
                        inputs.append(.recorded(ticket: ticket, stored: record))
                    } else {
                        heldRecords.append((record, ticket))
                    }
                case .setTimer(let timer, let deadline):
                    timers[timer] = deadline
                case .cancelTimer(let timer):
                    timers[timer] = nil
                case .think(let job):
                    if autoBots { inputs.append(.botChose(job.run())) } else { jobs.append(job) }
                case .place(let session, let place):
                    places[session] = place
                case .info(let info):
                    infos.append(info)
                case .note:
                    break
                case .finished:
                    finished = true
                }
            }
        }
    }

    /// A request of `session`.
    mutating func request(_ session: SessionID, _ request: TableRequest, id: Int? = nil) {
        feed(.request(session, request, id: id.map { RequestID.number($0) }))
    }

    /// Moves the clock to `time`, firing every timer due on the way in deadline order.
    mutating func advance(to time: Milliseconds) {
        while let (timer, deadline) = timers.filter({ $0.value <= time }).min(by: {
            $0.value < $1.value
        }) {
            now = max(now, deadline)
            timers[timer] = nil
            feed(.timerFired(timer))
        }
        now = max(now, time)
    }

    /// Fires the timers due now.
    mutating func settle() {
        advance(to: now)
    }

    /// The events `session` received, in order.
    func events(of session: SessionID) -> [ServerEvent] {
        (received[session] ?? []).map(\.event)
    }

    /// Forgets what was received so far.
    mutating func clearReceived() {
        received = [:]
    }

    /// Runs the bot jobs held back, once each.
    mutating func runHeldJobs() {
        let held = jobs
        jobs = []
        for job in held { feed(.botChose(job.run())) }
    }

    /// Plays on until `done` holds or `limit` steps pass: whoever of `people` is to act sends
    /// `before` and then `move(self)`; when none is, held bots run and time moves on by `step`.
    mutating func play(
        people: [SessionID], move: (Self) -> TableMove?, step: Milliseconds = 0,
        limit: Int = 1_000, before: [TableRequest] = [], until done: (Self) -> Bool
    ) {
        var steps = 0
        while !done(self), steps < limit {
            steps += 1
            if let person = people.first(where: { isTurn(of: $0) }), let chosen = move(self) {
                for request in before { self.request(person, request) }
                request(person, .move(chosen))
            } else {
                runHeldJobs()
                advance(to: now + step)
            }
        }
    }
}
