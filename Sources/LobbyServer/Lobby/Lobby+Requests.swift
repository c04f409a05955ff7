import CardGames
import Dispatch
import Foundation
import LobbyProtocol
import TableCore

extension Lobby {
    /// Answers one request from a client.
    func handle(_ request: ClientRequest, id: RequestID?, client: Client) {
        dispatchPrecondition(condition: .onQueue(queue))
        let connection = client.connection
        switch request {
        case .help:
            let help = HelpReply(
                commands: PlainCommand.summary,
                text: "Plain commands or JSON objects with a \"type\"; see protocol.md.")
            reply(.help(help), id: id, to: connection)
            return
        case .ping, .mode:
            // Connections answer pings and mode switches themselves (ClientHandler).
            return
        case .stats:
            reply(.stats(stats()), id: id, to: connection)
            return
        case .list, .history, .leaderboard:
            break
        default:
            // Once the stop has begun, what is journaled stays as the next start finds it.
            if stopping {
                fail(
                    .shuttingDown, "the server is shutting down; try again after its restart",
                    id: id, to: connection)
                return
            }
        }
        if case .hello(let name, let token) = request {
            hello(name: name, token: token, id: id, client: client)
            return
        }
        guard let player = client.player else {
            fail(.notLoggedIn, "say hello first: hello NAME", id: id, to: connection)
            return
        }
        if let tableRequest = request.tableRequest {
            // `ready` is never refused: away from a table, or outside a pause, it changes
            // nothing.
            let membership = request == .ready ? player.membership : atTable(player, id: id)
            membership?.table.submit(tableRequest, from: player, id: id)
            return
        }
        switch request {
        case .list(let query):
            let route = client.route
            route.lobbyHandsOn()
            directory.list(query, id: id, connection: connection) {
                route.lobbyHandled(on: connection)
            }
        case .create(let create):
            self.create(create, by: player, id: id)
        case .join(let table, let seat):
            enter(table: table, .join(name: player.name, seat: seat), player: player, id: id)
        case .watch(let table):
            enter(table: table, .watch(name: player.name), player: player, id: id)
        case .leave:
            guard let membership = atTable(player, id: id) else { return }
            player.membership = nil
            membership.table.submit(.leave(reply: true), from: player, id: id)
        case .chat(let text, let scope):
            chat(text, scope: scope, player: player, id: id)
        case .history(let query):
            history(query, id: id, connection: connection)
        case .leaderboard(let query):
            leaderboard(query, id: id, connection: connection)
        case .record(let number):
            record(number, id: id, connection: connection)
        case .who:
            roster.who(id: id, connection: connection)
        case .help, .ping, .hello, .mode, .stats, .start, .play, .pass, .lay, .mark, .again,
            .restart, .flip, .bet, .state, .hint, .ready:
            break
        }
    }

    private func hello(name: String, token: String?, id: RequestID?, client: Client) {
        let connection = client.connection
        guard client.player == nil else {
            fail(.alreadyLoggedIn, "this connection has said hello already", id: id,
                to: connection)
            return
        }
        let player: PlayerSession
        let resumed: Bool
        let heldToken: String
        if let token {
            guard let existing = players[PlayerSession.hash(token: token)] else {
                fail(.invalidToken, "that token is unknown or expired", id: id, to: connection)
                return
            }
            player = existing
            resumed = true
            heldToken = PlayerSession.canonical(token: token)
        } else {
            let key = NameSkeleton(name).key
            if let holder = playersByNameKey[key] {
                fail(.nameTaken, Self.nameTakenMessage(name, holder: holder), id: id, to: connection)
                return
            }
            makeRoomForASession()
            heldToken = PlayerSession.makeToken()
            player = PlayerSession(
                id: SessionID(nextSessionID), name: name,
                tokenHash: PlayerSession.hash(token: heldToken))
            nextSessionID += 1
            hold(player)
            journal?.session(player.id, name: name, hash: player.tokenHash)
            resumed = false
        }
        clients[connection.id]?.player = player
        roster.session(player.id, name: player.name, online: true)
        // A player who returns to a table gets no table event before the welcome, nor any
        // the snapshot (sent by the table when it takes them back) already covers.
        let returning = player.membership != nil
        if let old = player.attach(connection, holding: returning) {
            clients[old.id]?.player = nil
            lobbyChat.stopListening(old)
            fail(.sessionReplaced, "your session was resumed on another connection", id: nil,
                to: old)
            old.close(flush: true)
        }
        let membership = player.membership
        let welcome = Welcome(
            name: player.name, token: heldToken, resumed: resumed,
            table: membership?.table.id, seat: membership?.seat)
        reply(.welcome(welcome), id: id, to: connection)
        // After the welcome, so that no chat line comes before it.
        lobbyChat.listen(connection)
        logger.info("\(player.name) \(resumed ? "resumed" : "logged in") from \(connection.peer)")
        membership?.table.submit(.returned, from: player, id: nil)
    }

    /// Why a name cannot be had, and how its owner gets the session back: with the token
    /// their welcome showed, on a session held after a drop or a live one alike.
    static func nameTakenMessage(_ name: String, holder: PlayerSession) -> String {
        let resume = "if it is yours, type hello \(holder.name) TOKEN with the token your welcome showed"
        guard holder.name == name else {
            return "the name '\(name)' is in use (as '\(holder.name)', which looks the same); "
                + "choose another, or \(resume)"
        }
        let state = holder.connection == nil ? "is held for its player to come back" : "is in use"
        return "the name '\(name)' \(state): \(resume), or choose another name"
    }

    /// The player's place, or nil after answering that they are at no table.
    private func atTable(_ player: PlayerSession, id: RequestID?) -> PlayerSession.Membership? {
        guard let membership = player.membership else {
            if let connection = player.connection {
                fail(.notSeated, "you are not at a table", id: id, to: connection)
            }
            return nil
        }
        return membership
    }

    /// Asks table `tableID` to seat the player or let them watch; the table answers them and
    /// tells the lobby where they are.
    private func enter(
        table tableID: Int, _ request: TableRequest, player: PlayerSession, id: RequestID?
    ) {
        guard let connection = player.connection else { return }
        if let membership = player.membership {
            fail(.alreadyAtTable, membership.leaveFirst, id: id, to: connection)
            return
        }
        guard let table = tables[tableID] else {
            fail(.noSuchTable, "there is no table \(tableID)", id: id, to: connection)
            return
        }
        player.membership = PlayerSession.Membership(table: table, seat: nil)
        table.submit(request, from: player, id: id)
    }

    private func chat(_ text: String, scope: ChatScope?, player: PlayerSession, id: RequestID?) {
        guard let connection = player.connection else { return }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 500 else {
            fail(.chatTooLong, "chat text must be 1 to 500 characters", id: id, to: connection)
            return
        }
        switch scope ?? (player.membership == nil ? .lobby : .table) {
        case .table:
            guard let membership = player.membership else {
                fail(.notSeated, "you are not at a table", id: id, to: connection)
                return
            }
            membership.table.submit(.chat(trimmed), from: player, id: id)
        case .lobby:
            let message = ChatMessage(from: player.name, text: trimmed, scope: .lobby, table: nil)
            lobbyChat.say(message, id: id, from: connection)
        }
    }
}
