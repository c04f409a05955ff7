import CardGames
import Dispatch
import Foundation
import LobbyProtocol

/// One E-Card table: two seats head to head, spectators, and the matches played there.
///
/// Like a Big Two table, all state lives on the table's own serial queue: the lobby calls in
/// synchronously for seat changes and asynchronously for game requests, and bots and turn
/// timers run as `asyncAfter` on the queue. A face-down card is known only to the engine and
/// its owner until both cards are revealed.
final class ECardTable: GameTable, @unchecked Sendable {
    /// Who holds a seat: a player, a bot, or both (a bot playing for an absent player).
    struct Seat {
        var player: PlayerSession?
        var bot: (any ECardBot)?
    }

    let id: Int
    let settings: ECardTableSettings
    let context: TableContext
    let queue: DispatchQueue

    /// Always E-Card.
    var kind: TableKind { .ecard }

    // Everything below is touched only on `queue`.
    let encoder = ServerMessageEncoder()
    var seats = [Seat](repeating: Seat(), count: ECardMatch.seatCount)
    var spectators: [PlayerSession] = []
    var status = TableStatus.waiting
    /// The match being played, or the last one while the next has not begun.
    var match: ECardMatch?
    /// Matches begun so far; the current match's number.
    var matchNumber = 0
    /// Matches played to the end.
    var matchesPlayed = 0
    /// Per-seat totals of the matches before the current one.
    var earlierTotals = [0, 0]
    /// Names per seat at the start of the current hand, for the game log.
    var handPlayers: [String] = []
    /// The table's random source, for its bots' choices.
    var random: Xoshiro256StarStar
    /// Bumped at every turn and phase change; delayed work checks it to see it is still due.
    var serial = 0
    /// The current turn's deadline (Unix ms), if timed.
    var deadline: Int64?

    init(settings: ECardTableSettings, context: TableContext) {
        self.id = settings.id
        self.settings = settings
        self.context = context
        self.random = Xoshiro256StarStar(dealSeed: context.seeds.next())
        self.queue = DispatchQueue(label: "LobbyServer.ecard.\(settings.id)")
    }

    // MARK: Lobby calls (synchronous)

    func info() -> TableInfo {
        queue.sync { makeInfo() }
    }

    func seatCreator(_ player: PlayerSession, id requestID: RequestID?) {
        queue.sync {
            seats[0].player = player
            send(.created(TableNotice(table: makeInfo(), seat: 0)), to: player, id: requestID)
        }
    }

    /// Sits `player` down; sends `joined` (and a snapshot when a match is running) and tells
    /// the others. A bot that played the seat hands it over.
    func join(_ player: PlayerSession, seat wanted: Int?, id requestID: RequestID?)
        -> Result<Int, ProtocolFailure>
    {
        queue.sync { () -> Result<Int, ProtocolFailure> in
            guard status != .finished else {
                return .failure(ProtocolFailure(.noSuchTable, "table \(id) has finished"))
            }
            if let wanted, !seats.indices.contains(wanted) {
                return .failure(ProtocolFailure(.invalidField, "field 'seat' must be 0 or 1"))
            }
            let free = seats.indices.filter { seats[$0].player == nil }
            guard let seat = wanted.map({ free.contains($0) ? $0 : nil }) ?? free.first else {
                let what = wanted.map { "seat \($0) is taken" } ?? "the table is full"
                return .failure(ProtocolFailure(.seatTaken, "\(what) at table \(id)"))
            }
            seats[seat].player = player
            let wasBot = seats[seat].bot != nil
            seats[seat].bot = nil
            send(.joined(TableNotice(table: makeInfo(), seat: seat)), to: player, id: requestID)
            broadcastTableNotice(except: player)
            if status == .playing {
                if wasBot {
                    broadcast(.seat(control(seat, bot: false, reason: "joined")))
                }
                send(.state(snapshot(for: player)), to: player, id: nil)
                reannounceIfAwaiting(seat)
            }
            context.logger.info("table \(id): \(player.name) sits at seat \(seat)")
            return .success(seat)
        }
    }

    func watch(_ player: PlayerSession, id requestID: RequestID?) -> ProtocolFailure? {
        queue.sync { () -> ProtocolFailure? in
            guard status != .finished else {
                return ProtocolFailure(.noSuchTable, "table \(id) has finished")
            }
            spectators.append(player)
            let notice = TableNotice(table: makeInfo(), spectator: true)
            send(.watching(notice), to: player, id: requestID)
            send(.state(snapshot(for: player)), to: player, id: nil)
            broadcastTableNotice(except: player)
            return nil
        }
    }

    /// A seat left during a match is played by a bot from then on; a table without people
    /// finishes.
    func leave(_ player: PlayerSession, id requestID: RequestID?, reply: Bool) {
        queue.sync {
            if let seat = seatIndex(of: player) {
                seats[seat].player = nil
                if status == .playing {
                    seats[seat].bot = settings.makeBot()
                    broadcast(.seat(control(seat, bot: true, reason: "left")))
                    reannounceIfAwaiting(seat)
                }
                context.logger.info("table \(id): \(player.name) leaves seat \(seat)")
            } else {
                spectators.removeAll { $0 === player }
            }
            if reply { send(.left(LeftTable(table: id)), to: player, id: requestID) }
            if !settings.allBots && !seats.contains(where: { $0.player != nil }) {
                finish()
            } else {
                broadcastTableNotice(except: nil)
            }
        }
    }

    func stop() {
        queue.sync {
            serial += 1
            status = .finished
        }
    }

    // MARK: Requests (asynchronous)

    func start(by player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            guard status == .waiting else {
                sendError(.alreadyStarted, "the game at table \(id) has started", player, requestID)
                return
            }
            beginPlay()
        }
    }

    func startAllBots() {
        queue.async { [self] in beginPlay() }
    }

    /// Lays a card; `play` and `pass` belong to Big Two tables.
    func move(_ move: TableMove, by player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            guard case .lay(let card) = move else {
                let what = move == .pass ? "pass" : "play"
                sendError(
                    .wrongTableKind, "\(what) is for Big Two tables; table \(id) plays E-Card "
                        + "(lay emperor, citizen or slave)", player, requestID)
                return
            }
            humanLay(card, by: player, id: requestID)
        }
    }

    func sendState(to player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            send(.state(snapshot(for: player)), to: player, id: requestID)
        }
    }

    func chat(_ text: String, from player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            let message = ChatMessage(from: player.name, text: text, scope: .table, table: id)
            broadcast(.chat(message), replyTo: player, id: requestID)
        }
    }

    func playerDisconnected(_ player: PlayerSession) {
        queue.async { [self] in
            guard let seat = seatIndex(of: player) else {
                spectators.removeAll { $0 === player }
                broadcastTableNotice(except: nil)
                return
            }
            if status == .playing, seats[seat].bot == nil {
                seats[seat].bot = settings.makeBot()
                broadcast(.seat(control(seat, bot: true, reason: "disconnected")))
                reannounceIfAwaiting(seat)
            } else {
                broadcastTableNotice(except: nil)
            }
        }
    }

    func playerReturned(_ player: PlayerSession) {
        queue.async { [self] in
            guard let seat = seatIndex(of: player) else {
                send(.state(snapshot(for: player)), to: player, id: nil)
                return
            }
            if status == .playing, seats[seat].bot != nil {
                seats[seat].bot = nil
                broadcast(.seat(control(seat, bot: false, reason: "returned")))
                send(.state(snapshot(for: player)), to: player, id: nil)
                reannounceIfAwaiting(seat)
            } else {
                send(.state(snapshot(for: player)), to: player, id: nil)
                broadcastTableNotice(except: nil)
            }
        }
    }

    // MARK: Helpers

    func seatIndex(of player: PlayerSession) -> Int? {
        seats.firstIndex { $0.player === player }
    }

    /// After a seat changed hands: when its card is awaited, announce the turn again so that
    /// the new holder (bot, timer or person) takes it.
    func reannounceIfAwaiting(_ seat: Int) {
        if status == .playing, match?.seatToLay == seat { announceTurn() }
    }

    func control(_ seat: Int, bot: Bool, reason: String) -> SeatControl {
        SeatControl(
            table: id, seat: seat, player: seats[seat].player?.name, bot: bot, reason: reason)
    }

    /// Everyone who receives the table's public events.
    var members: [PlayerSession] {
        seats.compactMap(\.player) + spectators
    }

    func send(_ event: ServerEvent, to player: PlayerSession, id requestID: RequestID?) {
        player.send(encoder.line(event, id: requestID))
    }

    func sendError(
        _ code: ErrorCode, _ message: String, _ player: PlayerSession, _ requestID: RequestID?
    ) {
        send(.error(code, message), to: player, id: requestID)
    }

    /// Sends `event` to every member; `replyTo` gets its copy with the request id.
    func broadcast(
        _ event: ServerEvent, replyTo: PlayerSession? = nil, id requestID: RequestID? = nil
    ) {
        let line = encoder.line(event)
        for member in members {
            if member === replyTo, requestID != nil {
                send(event, to: member, id: requestID)
            } else {
                member.send(line)
            }
        }
    }

    func broadcastTableNotice(except player: PlayerSession?) {
        let info = makeInfo()
        for (seat, entry) in seats.enumerated() {
            if let member = entry.player, member !== player {
                send(.table(TableNotice(table: info, seat: seat)), to: member, id: nil)
            }
        }
        let line = encoder.line(.table(TableNotice(table: info, spectator: true)))
        for member in spectators where member !== player { member.send(line) }
    }
}
