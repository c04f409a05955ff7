import Dispatch
import LobbyProtocol

/// Players who drop, come back, or are taken for away after letting turns time out.
extension SeatedTable {
    /// The player's connection dropped: a bot plays the seat until they come back.
    func playerDisconnected(_ player: PlayerSession) {
        queue.async { [self] in
            guard let seat = seats.index(of: player) else {
                seats.removeSpectator(player)
                broadcastTableNotice(except: nil)
                return
            }
            if status == .playing, seats[seat].bot == nil {
                seats.standIn(makeBot(seat: seat), at: seat)
                broadcast(.seat(control(seat, bot: true, reason: "disconnected")))
                reannounceIfAwaiting(seat)
            } else {
                broadcastTableNotice(except: nil)
            }
        }
    }

    /// The player resumed the session: the seat is theirs again; they get a snapshot, the
    /// first table message since they came back (``PlayerSession/release()``).
    func playerReturned(_ player: PlayerSession) {
        queue.async { [self] in
            player.release()
            guard let seat = seats.index(of: player) else {
                send(.state(snapshot(for: player)), to: player, id: nil)
                return
            }
            if status == .playing, seats[seat].bot != nil {
                seats.handBack(seat)
                broadcast(.seat(control(seat, bot: false, reason: "returned")))
                send(.state(snapshot(for: player)), to: player, id: nil)
                reannounceIfAwaiting(seat)
            } else {
                send(.state(snapshot(for: player)), to: player, id: nil)
                broadcastTableNotice(except: nil)
            }
        }
    }

    /// A player the server took for away after repeated timeouts is back: their seat is
    /// theirs again (and their turn, if it is one, starts over).
    func reclaimIfAway(_ player: PlayerSession) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let seat = seats.index(of: player), seats[seat].awayByTimeouts else { return }
        seats.handBack(seat)
        broadcast(.seat(control(seat, bot: false, reason: "returned")))
        reannounceIfAwaiting(seat)
    }

    /// The player at `seat` made a move the game accepted: the timeouts in a row start again,
    /// and a player taken for away has the seat back (the move itself moves the turn on).
    func seatActed(_ seat: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        seats.resetTimeouts(seat)
        guard seats[seat].awayByTimeouts else { return }
        seats.handBack(seat)
        broadcast(.seat(control(seat, bot: false, reason: "returned")))
    }

    /// Counts a timed-out turn of `seat`. After `timeoutsBeforeAway` in a row the player
    /// counts as away: `standIn` plays the seat until they send a request.
    func noteTimeout(seat: Int, standIn: Bot) {
        dispatchPrecondition(condition: .onQueue(queue))
        context.logger.info("table \(id): seat \(seat) timed out")
        let inARow = seats.countTimeout(seat)
        if inARow >= context.timeoutsBeforeAway, seats[seat].bot == nil {
            seats.standIn(standIn, at: seat, away: true)
            broadcast(.seat(control(seat, bot: true, reason: "timeouts")))
        }
    }
}
