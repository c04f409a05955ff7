import Dispatch
import LobbyProtocol

/// Sending to one member or to all, and the requests answered the same at every table.
extension SeatedTable {
    /// Sends `event` to `player`, with `requestID` when it answers a request.
    func send(_ event: ServerEvent, to player: PlayerSession, id requestID: RequestID?) {
        player.send(encoder.line(event, id: requestID))
    }

    /// Sends an `error` to `player`.
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
        for member in seats.members {
            if member === replyTo, requestID != nil {
                send(event, to: member, id: requestID)
            } else {
                member.send(line)
            }
        }
    }

    /// Sends every member but `player` a `table` notice (with their seat, if seated);
    /// `replyTo` gets its copy with the request id.
    func broadcastTableNotice(
        except player: PlayerSession?, replyTo: PlayerSession? = nil,
        id requestID: RequestID? = nil
    ) {
        let info = makeInfo()
        for (seat, member) in seats.seatedPlayers where member !== player {
            let reply = member === replyTo ? requestID : nil
            send(.table(TableNotice(table: info, seat: seat)), to: member, id: reply)
        }
        let line = encoder.line(.table(TableNotice(table: info, spectator: true)))
        for member in seats.spectators where member !== player { member.send(line) }
    }

    /// A `seat` event: who controls `seat` now, and why.
    func control(_ seat: Int, bot: Bool, reason: String) -> SeatControl {
        SeatControl(
            table: id, seat: seat, player: seats[seat].player?.name, bot: bot, reason: reason)
    }

    /// Sends the player a snapshot; a player taken for away gets the seat back.
    func sendState(to player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            reclaimIfAway(player)
            send(.state(snapshot(for: player)), to: player, id: requestID)
        }
    }

    /// Sends a chat line to every member; a player taken for away gets the seat back.
    func chat(_ text: String, from player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            reclaimIfAway(player)
            let message = ChatMessage(from: player.name, text: text, scope: .table, table: id)
            broadcast(.chat(message), replyTo: player, id: requestID)
        }
    }
}
