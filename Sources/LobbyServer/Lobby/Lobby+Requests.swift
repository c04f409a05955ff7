import CardGames
import Dispatch
import Foundation
import LobbyProtocol

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
        case .ping:
            // Connections answer pings themselves (ClientSession) without a lobby hop.
            return
        case .hello(let name, let token):
            hello(name: name, token: token, id: id, client: client)
            return
        default:
            break
        }
        guard let player = client.player else {
            fail(.notLoggedIn, "say hello first: hello NAME", id: id, to: connection)
            return
        }
        switch request {
        case .list:
            let list = tables.keys.sorted().compactMap { tables[$0]?.info() }
            reply(.tables(TableList(tables: list)), id: id, to: connection)
        case .create(let create):
            self.create(create, by: player, id: id)
        case .join(let table, let seat):
            join(table: table, seat: seat, player: player, id: id)
        case .watch(let table):
            watch(table: table, player: player, id: id)
        case .leave:
            guard let membership = player.membership else {
                fail(.notSeated, "you are not at a table", id: id, to: connection)
                return
            }
            player.membership = nil
            membership.table.leave(player, id: id, reply: true)
        case .start:
            seatedTable(player, id: id)?.start(by: player, id: id)
        case .play(let cards):
            seatedTable(player, id: id)?.move(.play(cards), by: player, id: id)
        case .pass:
            seatedTable(player, id: id)?.move(.pass, by: player, id: id)
        case .lay(let card):
            seatedTable(player, id: id)?.move(.lay(card), by: player, id: id)
        case .state:
            guard let membership = player.membership else {
                fail(.notSeated, "you are not at a table", id: id, to: connection)
                return
            }
            membership.table.sendState(to: player, id: id)
        case .chat(let text, let scope):
            chat(text, scope: scope, player: player, id: id)
        case .history(let query):
            history(query, id: id, connection: connection)
        case .leaderboard(let query):
            leaderboard(query, id: id, connection: connection)
        case .help, .ping, .hello:
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
        if let token {
            guard let existing = players[token] else {
                fail(.invalidToken, "that token is unknown or expired", id: id, to: connection)
                return
            }
            player = existing
            resumed = true
        } else {
            player = PlayerSession(name: name, token: PlayerSession.makeToken())
            players[player.token] = player
            resumed = false
        }
        clients[connection.id]?.player = player
        // A player who returns to a table gets no table event before the welcome, nor any
        // the snapshot (sent by the table when it takes them back) already covers.
        let returning = player.membership != nil
        if let old = player.attach(connection, holding: returning) {
            clients[old.id]?.player = nil
            fail(.sessionReplaced, "your session was resumed on another connection", id: nil,
                to: old)
            old.close(flush: true)
        }
        let membership = player.membership
        let welcome = Welcome(
            name: player.name, token: player.token, resumed: resumed,
            table: membership?.table.id, seat: membership?.seat)
        reply(.welcome(welcome), id: id, to: connection)
        logger.info("\(player.name) \(resumed ? "resumed" : "logged in") from \(connection.peer)")
        membership?.table.playerReturned(player)
    }

    private func seatedTable(_ player: PlayerSession, id: RequestID?) -> (any GameTable)? {
        guard let connection = player.connection else { return nil }
        guard let membership = player.membership else {
            fail(.notSeated, "you are not at a table", id: id, to: connection)
            return nil
        }
        guard membership.seat != nil else {
            fail(.spectatorCannotAct, "spectators cannot act; join a seat", id: id,
                to: connection)
            return nil
        }
        return membership.table
    }

    private func join(table tableID: Int, seat: Int?, player: PlayerSession, id: RequestID?) {
        guard let connection = player.connection else { return }
        guard player.membership == nil else {
            fail(.alreadyAtTable, "leave your table first", id: id, to: connection)
            return
        }
        guard let table = tables[tableID] else {
            fail(.noSuchTable, "there is no table \(tableID)", id: id, to: connection)
            return
        }
        switch table.join(player, seat: seat, id: id) {
        case .success(let seat):
            player.membership = PlayerSession.Membership(table: table, seat: seat)
        case .failure(let failure):
            fail(failure.code, failure.message, id: id, to: connection)
        }
    }

    private func watch(table tableID: Int, player: PlayerSession, id: RequestID?) {
        guard let connection = player.connection else { return }
        guard player.membership == nil else {
            fail(.alreadyAtTable, "leave your table first", id: id, to: connection)
            return
        }
        guard let table = tables[tableID] else {
            fail(.noSuchTable, "there is no table \(tableID)", id: id, to: connection)
            return
        }
        if let failure = table.watch(player, id: id) {
            fail(failure.code, failure.message, id: id, to: connection)
        } else {
            player.membership = PlayerSession.Membership(table: table, seat: nil)
        }
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
            membership.table.chat(trimmed, from: player, id: id)
        case .lobby:
            let message = ChatMessage(from: player.name, text: trimmed, scope: .lobby, table: nil)
            let line = encoder.line(.chat(message))
            for client in clients.values where client.player != nil {
                if client.connection === connection, id != nil {
                    reply(.chat(message), id: id, to: connection)
                } else {
                    client.connection.send(line)
                }
            }
        }
    }
}
