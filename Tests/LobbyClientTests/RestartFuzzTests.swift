import CardGames
import Foundation
import GameRecords
import LobbyClient
import LobbyProtocol
import Testing
import TestSupport
import WireJSON

/// The real server stopped (SIGTERM) or killed (SIGKILL) at random moments, again and again,
/// while every kind of table plays: one person against bots at a table of each kind, and an
/// all-bot table of each kind with a spectator. After every restart the clients resume with
/// their tokens. The run then checks what a player of a fair server may count on:
///
/// - every commitment a client was shown is the one the game's record reveals the seed of,
///   and no game was ever shown two commitments;
/// - no seed is in the game log twice;
/// - every snapshot after a restart agrees with the events the client saw before it;
/// - no bot ever took a person's seat (no stop or restart counts as a drop), and the journal
///   holds no drop;
/// - `verify` passes over the game log.
///
/// It prints its figures: `swift test --filter RestartFuzzTests`.
@Suite(.serialized) struct RestartFuzzTests {
    @Test(arguments: [UInt64(2026), nil])
    func restartsKeepEveryPromise(masterSeed: UInt64?) throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-restartfuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        var arguments = [
            "--bot-delay-ms", "15", "--pause-seconds", "0", "--data-dir", data.path,
            "--log-level", "error",
        ]
        if let masterSeed { arguments += ["--seed", "\(masterSeed)"] }
        var random = SplitMix64(seed: masterSeed ?? UInt64.random(in: 1...UInt64.max))
        var server = try ServerProcess(arguments: arguments)
        let address = ServerAddress(host: "127.0.0.1", port: server.port)
        let witness = FuzzWitness()
        var sessions: [ClientSession] = []
        defer { sessions.forEach { $0.close() } }
        let kinds: [(kind: TableKind, create: CreateTable)] = [
            (.bigtwo, CreateTable(kind: .bigtwo, bots: "greedy", turnSeconds: 0)),
            (.ecard, CreateTable(kind: .ecard, bots: "random", turnSeconds: 0)),
            (.tictactoe, CreateTable(kind: .tictactoe, bots: "random", turnSeconds: 0)),
            (.memory, CreateTable(
                    kind: .memory, bots: "random", turnSeconds: 0,
                    gameFields: [MemoryCreateFields(pairs: 4)])),
            (.roulette, CreateTable(kind: .roulette, bots: "random", turnSeconds: 0, seats: 2)),
        ]
        for (index, entry) in kinds.enumerated() {
            // A person plays against bots…
            let person = Self.session(
                "p\(index)", person: true, seed: UInt64(index + 1), address, witness)
            sessions.append(person)
            _ = try person.connect()
            var create = entry.create
            create.games = 100_000
            create.pause = 0
            let created = try person.call(.create(create))
            guard case .created = created.event else {
                Issue.record("create \(entry.kind) answered \(created.event.type)")
                return
            }
            _ = person.send(.start)
            // …and bots play by themselves, watched.
            let watcher = Self.session(
                "w\(index)", person: false, seed: 0, address, witness)
            sessions.append(watcher)
            _ = try watcher.connect()
            var allBots = entry.create
            allBots.allBots = true
            allBots.games = 100_000
            allBots.turnSeconds = nil
            guard case .created(let table) = try watcher.call(.create(allBots)).event else {
                Issue.record("create all-bot \(entry.kind) refused")
                return
            }
            _ = try watcher.call(.watch(table: table.table.id))
        }

        let stops = 12
        var killed = 0
        var terminated = 0
        for stop in 1...stops {
            // A random moment: some play between two stops.
            let wait = 0.15 + Double(random.next() % 600) / 1000
            Thread.sleep(forTimeInterval: wait)
            let signal = random.next() % 2 == 0 ? SIGKILL : SIGTERM
            if signal == SIGKILL { killed += 1 } else { terminated += 1 }
            server.stop(signal: signal)
            let journal = (try? String(
                contentsOf: data.appendingPathComponent("tables.journal"), encoding: .utf8)) ?? ""
            witness.noteJournalDrops(journal.components(separatedBy: #""disconnected""#).count - 1)
            server = try ServerProcess(arguments: arguments, port: address.port)
            // Every session resumes before the next stop.
            let resumed = witness.waitForResumes(stop, sessions: sessions.count, timeout: 60)
            #expect(resumed, "the sessions did not all resume after stop \(stop)")
        }
        Thread.sleep(forTimeInterval: 0.5)
        server.stop(signal: SIGTERM)
        sessions.forEach { $0.close() }

        let records = try Self.records(in: data)
        let report = witness.check(against: records)
        let seeds = records.compactMap(\.seed)
        let verified = try ExecutableRun("bigtwo-client", ["verify", "--record", data.path])
        print(
            "restart fuzz (\(masterSeed.map { "--seed \($0)" } ?? "OS seeds")): "
                + "\(killed + terminated) stops (\(killed) SIGKILL, \(terminated) SIGTERM), "
                + "\(records.count) records, \(seeds.count) seeds (\(Set(seeds).count) distinct), "
                + "\(report.commitments) commitments shown (\(report.matched) matched in the "
                + "log, \(report.open) still open), \(report.snapshots) snapshots after a "
                + "restart checked, \(report.problems.count) problems, "
                + "\(sessions.map(\.state.violations.count).reduce(0, +)) found by the client's "
                + "referees, verify status \(verified.status)")
        #expect(killed + terminated >= 12)
        #expect(Set(seeds).count == seeds.count, "a seed is in the game log twice")
        #expect(report.problems.isEmpty, "\(report.problems.prefix(20))")
        #expect(report.snapshots >= stops * sessions.count / 2)
        #expect(report.matched > 0)
        #expect(verified.status == 0, "\(verified.output)\(verified.errors)")
        // The client's own referees of every kind, each carrying on from the snapshots.
        for session in sessions {
            #expect(session.state.violations == [], "\(session.name)")
        }
    }

    /// A session that resumes quickly; a person's moves come from a bot of the client.
    private static func session(
        _ name: String, person: Bool, seed: UInt64, _ address: ServerAddress,
        _ witness: FuzzWitness
    ) -> ClientSession {
        let session = ClientSession(
            address: address, name: name,
            autoplayer: person ? AutoPlayer(level: .greedy, seed: seed) : nil
        ) { message, _ in witness.note(message, by: name, person: person) }
        session.reconnectPolicy = ReconnectPolicy(window: 60, firstDelay: 0.05, maxDelay: 0.2)
        return session
    }

    /// Every record of the game log in `data`.
    private static func records(in data: URL) throws -> [DealRecord] {
        let decoder = WireCodec.makeDecoder()
        return try LogSegments.list(in: data.path).flatMap { name in
            try String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n")
                .map { try decoder.decode(DealRecord.self, from: Data($0.utf8)) }
        }
    }
}

/// What the fuzz's clients saw, and the checks on it.
final class FuzzWitness: @unchecked Sendable {
    /// One session's view of its table, from the events it saw.
    struct Seen {
        var table: Int?
        var seat: Int?
        var resumes = 0
        var awaitingSnapshot = false
        // Big Two
        var deal: (number: Int, commitment: String)?
        var hand: Set<Card> = []
        // Memory
        var memoryGame: (number: Int, commitment: String)?
        var faces: [Int: String] = [:]
        // Tic-tac-toe
        var round: Int?
        var board: String?
        // Roulette
        var rouletteRound: (number: Int, commitment: String)?
        var bets: [Int: [RouletteStake]] = [:]
        // E-Card
        var ecardPlay: (match: Int, hand: Int, play: Int)?
        /// E-Card matches finished, as far as the session knows.
        var ecardMatches = 0
    }

    /// The outcome of ``check(against:)``.
    struct Report {
        var commitments = 0
        var matched = 0
        var open = 0
        var snapshots = 0
        var problems: [String] = []
    }

    private let condition = NSCondition()
    private var seen: [String: Seen] = [:]
    /// Every commitment shown, by table and game number.
    private var shown: [String: String] = [:]
    private var snapshots = 0
    private var problems: [String] = []

    private func locked<Value>(_ body: () -> Value) -> Value {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }

    /// The journal after a stop holds `drops` drops of a connection.
    func noteJournalDrops(_ drops: Int) {
        locked {
            if drops > 0 { problems.append("the journal records \(drops) drop(s) after a stop") }
        }
    }

    /// Waits until every one of `sessions` sessions has resumed `count` times.
    func waitForResumes(_ count: Int, sessions: Int, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while seen.count < sessions || seen.values.contains(where: { $0.resumes < count }) {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }

    func note(_ message: ServerMessage, by name: String, person: Bool) {
        locked {
            var view = seen[name] ?? Seen()
            observe(message.event, by: name, person: person, into: &view)
            seen[name] = view
        }
    }

    private func show(_ commitment: String, table: Int, kind: String, number: Int) {
        let key = "\(kind) table \(table) game \(number)"
        if let earlier = shown[key], earlier != commitment {
            problems.append("\(key) was shown two commitments")
        }
        shown[key] = commitment
    }

    private func observe(_ event: ServerEvent, by name: String, person: Bool, into view: inout Seen)
    {
        switch event {
        case .welcome(let welcome):
            if welcome.resumed {
                view.resumes += 1
                view.awaitingSnapshot = welcome.table != nil
            }
            if let table = welcome.table { view.table = table }
            if let seat = welcome.seat { view.seat = seat }
        case .created(let created):
            view.table = created.table.id
            view.seat = created.seat
        case .seat(let control) where person && control.seat == view.seat && control.bot:
            problems.append("\(name): a bot took the person's seat (\(control.reason))")
        case .state(let snapshot):
            guard view.awaitingSnapshot else { return }
            view.awaitingSnapshot = false
            snapshots += 1
            compare(snapshot, with: view, by: name)
            adopt(snapshot, into: &view)
        case .dealStart(let start):
            view.deal = (start.deal, start.commitment)
            view.hand = Set(start.hand ?? [])
            show(start.commitment, table: start.table, kind: "bigtwo", number: start.deal)
        case .play(let play) where play.seat == view.seat:
            view.hand.subtract(play.cards)
        case .memoryStart(let start):
            view.memoryGame = (start.game, start.commitment)
            view.faces = [:]
            show(start.commitment, table: start.table, kind: "memory", number: start.game)
        case .memoryFlip(let flip):
            view.faces[flip.card - 1] = flip.face
        case .tictactoeRound(let round):
            view.round = round.round
            view.board = "........."
        case .tictactoeMark(let mark):
            view.board = mark.board
        case .rouletteRound(let round):
            view.rouletteRound = (round.round, round.commitment)
            view.bets = [:]
            show(round.commitment, table: round.table, kind: "roulette", number: round.round)
        case .rouletteBet(let bet):
            view.bets[bet.seat] = bet.bets
        case .ecardReveal(let reveal):
            // Hands count from 1 again in the next match, which `match_end` numbers.
            view.ecardPlay = reveal.matchOver ? nil : (view.ecardMatches, reveal.hand, reveal.play)
        case .matchEnd(let end):
            view.ecardMatches = max(view.ecardMatches, end.games)
        default:
            break
        }
    }

    /// The first snapshot after resuming must carry on from what the session saw: the same
    /// game under the same commitment (or a later one), nothing seen undone.
    private func compare(_ snapshot: Snapshot, with view: Seen, by name: String) {
        if let deal = snapshot.deal, let seen = view.deal {
            if deal.deal < seen.number {
                problems.append("\(name): Big Two snapshot of deal \(deal.deal) after \(seen.number)")
            } else if deal.deal == seen.number {
                if deal.commitment != seen.commitment {
                    problems.append("\(name): deal \(deal.deal) came back under another commitment")
                }
                if let hand = snapshot.hand, !Set(hand).isSubset(of: view.hand) {
                    problems.append("\(name): deal \(deal.deal) came back with another hand")
                }
            }
        }
        if let memory = snapshot.memory, let seen = view.memoryGame {
            if memory.game < seen.number {
                problems.append("\(name): memory snapshot of game \(memory.game) after \(seen.number)")
            } else if memory.game == seen.number {
                if memory.commitment != seen.commitment {
                    problems.append("\(name): memory game \(memory.game) under another commitment")
                }
                for (index, face) in memory.board.enumerated() where face != "." {
                    if let known = view.faces[index], known != String(face) {
                        problems.append("\(name): memory card \(index + 1) changed its face")
                    }
                }
            }
        }
        if let game = snapshot.tictactoe, let round = view.round, let board = view.board,
            game.round == round
        {
            for (before, after) in zip(board, game.board) where before != "." && before != after {
                problems.append("\(name): tic-tac-toe board \(board) came back as \(game.board)")
                break
            }
        }
        if let roulette = snapshot.roulette, let seen = view.rouletteRound {
            if roulette.round < seen.number {
                problems.append("\(name): roulette snapshot of round \(roulette.round) after \(seen.number)")
            } else if roulette.round == seen.number {
                if roulette.commitment != seen.commitment {
                    problems.append("\(name): roulette round \(roulette.round) under another commitment")
                }
                for (seat, bets) in view.bets where roulette.bets.indices.contains(seat) {
                    if roulette.bets[seat] != bets {
                        problems.append("\(name): roulette bets of seat \(seat) changed")
                    }
                }
            }
        }
        if let ecard = snapshot.ecard, let seen = view.ecardPlay {
            let now = (snapshot.table.gamesPlayed, ecard.hand, ecard.play)
            if now < (seen.match, seen.hand, seen.play) {
                problems.append(
                    "\(name): E-Card snapshot of match \(now.0 + 1) hand \(ecard.hand) play "
                        + "\(ecard.play) is earlier than match \(seen.match + 1) hand \(seen.hand) "
                        + "play \(seen.play), seen before the restart")
            }
        }
    }

    /// What the snapshot shows becomes what the session knows.
    private func adopt(_ snapshot: Snapshot, into view: inout Seen) {
        if let deal = snapshot.deal {
            view.deal = (deal.deal, deal.commitment)
            view.hand = Set(snapshot.hand ?? [])
            show(deal.commitment, table: snapshot.table.id, kind: "bigtwo", number: deal.deal)
        }
        if let memory = snapshot.memory {
            if view.memoryGame?.number != memory.game { view.faces = [:] }
            view.memoryGame = (memory.game, memory.commitment)
            for (index, face) in memory.board.enumerated() where face != "." {
                view.faces[index] = String(face)
            }
            show(memory.commitment, table: snapshot.table.id, kind: "memory", number: memory.game)
        }
        if let game = snapshot.tictactoe {
            view.round = game.round
            view.board = game.board
        }
        if let roulette = snapshot.roulette {
            view.rouletteRound = (roulette.round, roulette.commitment)
            view.bets = [:]
            for (seat, bets) in roulette.bets.enumerated() where !bets.isEmpty { view.bets[seat] = bets }
            show(roulette.commitment, table: snapshot.table.id, kind: "roulette", number: roulette.round)
        }
        if let ecard = snapshot.ecard {
            view.ecardPlay = (snapshot.table.gamesPlayed, ecard.hand, ecard.play)
        }
        if snapshot.table.kind == .ecard {
            view.ecardMatches = max(view.ecardMatches, snapshot.table.gamesPlayed)
        }
    }

    /// Checks every commitment shown against the records: a game in the log must reveal the
    /// seed of the commitment shown for it; a game not there must be the last one of its table
    /// (still under way at the end).
    func check(against records: [DealRecord]) -> Report {
        locked {
            var report = Report(snapshots: snapshots, problems: problems)
            var logged: [String: DealRecord] = [:]
            var lastGame: [String: Int] = [:]
            for record in records where record.commitment != nil {
                let table = "\(record.kind.rawValue) table \(record.table)"
                logged["\(table) game \(record.deal)"] = record
                lastGame[table] = max(lastGame[table] ?? 0, record.deal)
                if let seed = record.seed.flatMap(DealSeed.init(hex:)),
                    seed.commitment != record.commitment
                {
                    report.problems.append("\(table) game \(record.deal): seed and commitment differ")
                }
            }
            report.commitments = shown.count
            for (key, commitment) in shown {
                if let record = logged[key] {
                    report.matched += 1
                    if record.commitment != commitment {
                        report.problems.append("\(key): shown \(commitment), recorded \(record.commitment ?? "none")")
                    }
                } else {
                    report.open += 1
                }
            }
            // At most one game per table is still under way at the end.
            var openPerTable: [String: Int] = [:]
            for key in shown.keys where logged[key] == nil {
                let table = key.components(separatedBy: " game ").first ?? key
                openPerTable[table, default: 0] += 1
            }
            for (table, open) in openPerTable where open > 1 {
                report.problems.append("\(table): \(open) games shown but never recorded")
            }
            return report
        }
    }
}
