import CardGames
import Dispatch
import Foundation
import LobbyProtocol

/// One Big Two table: four seats, spectators, and the match being played.
///
/// All state lives on the table's own serial queue, so tables run in parallel. The lobby
/// calls in synchronously for seat changes (lobby queue → table queue, never the other way)
/// and asynchronously for game requests; bots and turn timers are `asyncAfter` on the queue.
final class BigTwoTable: @unchecked Sendable {
    /// Who holds a seat: a player, a bot, or both (a bot playing for an absent player).
    struct Seat {
        var player: PlayerSession?
        var bot: (any BigTwoBot)?
        /// Turns in a row the player let time out.
        var timeouts = 0
        /// True while a bot plays because the (connected) player kept timing out.
        var awayByTimeouts = false
    }

    let id: Int
    let settings: TableSettings
    let context: TableContext
    let queue: DispatchQueue

    // Everything below is touched only on `queue`.
    let encoder = ServerMessageEncoder()
    var seats = [Seat](repeating: Seat(), count: 4)
    var spectators: [PlayerSession] = []
    var status = TableStatus.waiting
    var match: BigTwoMatch
    var deal: BigTwoDeal?
    var dealNumber = 0
    var seed: DealSeed?
    /// Names per seat at the start of the current deal, for the game log.
    var dealPlayers: [String] = []
    /// Bumped at every turn and phase change; delayed work checks it to see it is still due.
    var serial = 0
    /// The current turn's deadline (Unix ms), if timed.
    var deadline: Int64?

    init(settings: TableSettings, context: TableContext) {
        self.id = settings.id
        self.settings = settings
        self.context = context
        self.match = BigTwoMatch(options: settings.options)
        self.queue = DispatchQueue(label: "LobbyServer.table.\(settings.id)")
    }

    // MARK: Lobby calls (synchronous)

    /// The public description of the table.
    func info() -> TableInfo {
        queue.sync { makeInfo() }
    }

    /// Seats the table's creator at seat 0 and sends `created`.
    func seatCreator(_ player: PlayerSession, id requestID: RequestID?) {
        queue.sync {
            seats[0].player = player
            send(.created(TableNotice(table: makeInfo(), seat: 0)), to: player, id: requestID)
        }
    }

    /// Sits `player` down in `seat` or the first free one; sends `joined` (and a snapshot
    /// when a game is running) and tells the others.
    func join(_ player: PlayerSession, seat wanted: Int?, id requestID: RequestID?)
        -> Result<Int, ProtocolFailure>
    {
        queue.sync { () -> Result<Int, ProtocolFailure> in
            guard status != .finished else {
                return .failure(ProtocolFailure(.noSuchTable, "table \(id) has finished"))
            }
            if let wanted, !seats.indices.contains(wanted) {
                return .failure(ProtocolFailure(.invalidField, "field 'seat' must be 0 to 3"))
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
                if deal?.currentSeat == seat, deal?.isOver == false { announceTurn() }
            }
            context.logger.info("table \(id): \(player.name) sits at seat \(seat)")
            return .success(seat)
        }
    }

    /// Adds a spectator; sends `watching` and a snapshot.
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

    /// Takes `player` off the table. A seat left during a game is played by a bot from then
    /// on. Sends `left` with `requestID` when given; a table without people finishes.
    func leave(_ player: PlayerSession, id requestID: RequestID?, reply: Bool) {
        queue.sync {
            if let seat = seatIndex(of: player) {
                seats[seat].player = nil
                if status == .playing {
                    seats[seat].bot = makeBot(seat: seat)
                    broadcast(.seat(control(seat, bot: true, reason: "left")))
                    if deal?.currentSeat == seat, deal?.isOver == false { announceTurn() }
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

    // MARK: Requests (asynchronous)

    /// Starts the game: empty seats get bots, and the first deal begins.
    func start(by player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            guard status == .waiting else {
                sendError(.alreadyStarted, "the game at table \(id) has started", player, requestID)
                return
            }
            beginMatch(replyTo: player, id: requestID)
        }
    }

    /// Starts an all-bot table right away.
    func startAllBots() {
        queue.async { [self] in beginMatch(replyTo: nil, id: nil) }
    }

    /// Plays cards for the player's seat.
    func play(_ cards: [Card], by player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            humanMove(by: player, id: requestID) { deal, seat throws(BigTwoError) in
                try deal.play(cards, by: seat)
            }
        }
    }

    /// Passes for the player's seat.
    func pass(by player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            humanMove(by: player, id: requestID) { deal, seat throws(BigTwoError) in
                try deal.pass(by: seat)
            }
        }
    }

    /// Sends the player a snapshot of the table.
    func sendState(to player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            reclaimIfAway(player)
            send(.state(snapshot(for: player)), to: player, id: requestID)
        }
    }

    /// Sends a chat line to everyone at the table.
    func chat(_ text: String, from player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            reclaimIfAway(player)
            let message = ChatMessage(from: player.name, text: text, scope: .table, table: id)
            broadcast(.chat(message), replyTo: player, id: requestID)
        }
    }

    /// The player's connection dropped: a bot plays the seat until they come back.
    func playerDisconnected(_ player: PlayerSession) {
        queue.async { [self] in
            guard let seat = seatIndex(of: player) else {
                spectators.removeAll { $0 === player }
                broadcastTableNotice(except: nil)
                return
            }
            if status == .playing, seats[seat].bot == nil {
                seats[seat].bot = makeBot(seat: seat)
                broadcast(.seat(control(seat, bot: true, reason: "disconnected")))
                if deal?.currentSeat == seat, deal?.isOver == false { announceTurn() }
            } else {
                broadcastTableNotice(except: nil)
            }
        }
    }

    /// The player resumed the session: the seat is theirs again; they get a snapshot.
    func playerReturned(_ player: PlayerSession) {
        queue.async { [self] in
            guard let seat = seatIndex(of: player) else {
                send(.state(snapshot(for: player)), to: player, id: nil)
                return
            }
            if status == .playing, seats[seat].bot != nil {
                seats[seat].bot = nil
                seats[seat].awayByTimeouts = false
                seats[seat].timeouts = 0
                broadcast(.seat(control(seat, bot: false, reason: "returned")))
                send(.state(snapshot(for: player)), to: player, id: nil)
                if deal?.currentSeat == seat, deal?.isOver == false { announceTurn() }
            } else {
                send(.state(snapshot(for: player)), to: player, id: nil)
                broadcastTableNotice(except: nil)
            }
        }
    }

    /// Stops all timers and bots for good (server shutdown).
    func stop() {
        queue.sync {
            serial += 1
            status = .finished
        }
    }

    // MARK: Helpers

    /// A player the server took for away after repeated timeouts is back: their seat is
    /// theirs again (and their turn, if it is one, starts over).
    func reclaimIfAway(_ player: PlayerSession) {
        guard let seat = seatIndex(of: player), seats[seat].awayByTimeouts else { return }
        seats[seat].awayByTimeouts = false
        seats[seat].timeouts = 0
        seats[seat].bot = nil
        broadcast(.seat(control(seat, bot: false, reason: "returned")))
        if deal?.currentSeat == seat, deal?.isOver == false { announceTurn() }
    }

    func seatIndex(of player: PlayerSession) -> Int? {
        seats.firstIndex { $0.player === player }
    }

    func makeBot(seat: Int) -> any BigTwoBot {
        settings.botLevel.makeBigTwoBot(seed: UInt64(id) << 8 | UInt64(dealNumber << 2 | seat))
    }

    func control(_ seat: Int, bot: Bool, reason: String) -> SeatControl {
        SeatControl(table: id, seat: seat, player: seats[seat].player?.name, bot: bot,
            reason: reason)
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
