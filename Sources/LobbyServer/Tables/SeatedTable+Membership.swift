import Dispatch
import LobbyProtocol

/// Joining, watching and leaving, as the lobby asks for them (synchronously).
extension SeatedTable {
    /// The public description of the table.
    func info() -> TableInfo {
        queue.sync { makeInfo() }
    }

    /// Seats the table's creator at seat 0 and sends `created`.
    func seatCreator(_ player: PlayerSession, id requestID: RequestID?) {
        queue.sync {
            seats.sit(player, at: 0)
            send(.created(TableNotice(table: makeInfo(), seat: 0)), to: player, id: requestID)
        }
    }

    /// Sits `player` down in `seat` or the first free one; sends `joined` (and a snapshot
    /// when a game is running) and tells the others. A bot that played the seat hands it over.
    func join(_ player: PlayerSession, seat wanted: Int?, id requestID: RequestID?)
        -> Result<Int, ProtocolFailure>
    {
        queue.sync { () -> Result<Int, ProtocolFailure> in
            guard status != .finished else {
                return .failure(ProtocolFailure(.noSuchTable, "table \(id) has finished"))
            }
            if let wanted, !seats.indices.contains(wanted) {
                let last = seats.count - 1
                let range = last == 1 ? "0 or 1" : "0 to \(last)"
                return .failure(ProtocolFailure(.invalidField, "field 'seat' must be \(range)"))
            }
            let free = seats.freeSeats
            guard let seat = wanted.map({ free.contains($0) ? $0 : nil }) ?? free.first else {
                let what = wanted.map { "seat \($0) is taken" } ?? "the table is full"
                return .failure(ProtocolFailure(.seatTaken, "\(what) at table \(id)"))
            }
            let wasBot = seats.sit(player, at: seat)
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

    /// Adds a spectator; sends `watching` and a snapshot.
    func watch(_ player: PlayerSession, id requestID: RequestID?) -> ProtocolFailure? {
        queue.sync { () -> ProtocolFailure? in
            guard status != .finished else {
                return ProtocolFailure(.noSuchTable, "table \(id) has finished")
            }
            seats.addSpectator(player)
            let notice = TableNotice(table: makeInfo(), spectator: true)
            send(.watching(notice), to: player, id: requestID)
            send(.state(snapshot(for: player)), to: player, id: nil)
            broadcastTableNotice(except: player)
            return nil
        }
    }

    /// Takes `player` off the table. A seat left during a game is played by a bot from then
    /// on. Sends `left` when `reply` is true; a table without people finishes.
    func leave(_ player: PlayerSession, id requestID: RequestID?, reply: Bool) {
        queue.sync {
            if let seat = seats.index(of: player) {
                seats.unseat(seat)
                if status == .playing {
                    seats.standIn(makeBot(seat: seat), at: seat)
                    broadcast(.seat(control(seat, bot: true, reason: "left")))
                    reannounceIfAwaiting(seat)
                }
                context.logger.info("table \(id): \(player.name) leaves seat \(seat)")
            } else {
                seats.removeSpectator(player)
            }
            if reply { send(.left(LeftTable(table: id)), to: player, id: requestID) }
            if !settings.allBots && !seats.hasPlayers {
                finish()
            } else {
                broadcastTableNotice(except: nil)
            }
        }
    }
}
