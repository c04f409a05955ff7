import Foundation
import LobbyProtocol
import TextMode

/// The handler of one connection: greets it, parses lines, throttles requests and chat, and
/// hands requests to the lobby. Runs on the connection's queue.
final class ClientHandler: ConnectionHandler, @unchecked Sendable {
    private let lobby: Lobby
    private let greeting: Data
    /// True for a WebSocket: every message must be a JSON object, and text mode is not
    /// offered (a page has no use for lines written for people).
    private let jsonOnly: Bool
    private let encoder = ServerMessageEncoder()
    private var chatBudget = RequestBudget.chat()
    private var budget: RequestBudget
    private var presentation = TextModeAdapter()
    private let route = RequestRoute()
    /// The `pong` line without an id, encoded once.
    private static let pong = ServerMessageEncoder().line(.pong)

    /// A session that sends `greeting` (one encoded line) before anything else.
    init(lobby: Lobby, greeting: Data, jsonOnly: Bool = false) {
        self.lobby = lobby
        self.greeting = greeting
        self.jsonOnly = jsonOnly
        budget = RequestBudget(
            rate: Double(lobby.configuration.requestsPerSecond),
            burst: lobby.configuration.requestBurst)
    }

    /// The greeting goes out here, on the connection's queue, before any line is read: sent
    /// from the lobby's queue it could follow a `pong` answered here first. It is plain text
    /// when the bytes that came before it were typed or a telnet client's negotiation.
    func connectionDidOpen(_ connection: Connection) {
        if !jsonOnly,
            case .person(let telnet) = FirstContact(openingBytes: connection.openingBytes)
        {
            presentation.personConnected(telnet: telnet)
        }
        connection.send(greeting)
        lobby.connected(connection, route: route)
    }

    func connection(_ connection: Connection, didReceiveLine received: Data) {
        // A telnet client's option negotiation is not part of anything typed; a WebSocket
        // message is never telnet.
        let line = jsonOnly ? received : TelnetCommands.removed(from: received)
        guard let parsed = RequestParser.parse(line) else { return }
        // A line not opening with `{`, `[` or `"` was typed as a plain command.
        let plain = !jsonOnly && !RequestParser.looksLikeJSON(line)
        let typed =
            plain
            ? String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            : ""
        presentation.lineArrived(typed, plain: plain)
        switch budget.spend() {
        case .allow:
            break
        case .refuse:
            lobby.metrics.refused()
            let id = (try? parsed.get())?.id
            let error = ServerEvent.error(.rateLimited, "too many requests; slow down")
            connection.send(encoder.line(error, id: id))
            return
        case .disconnect:
            lobby.metrics.flooded()
            connection.send(encoder.line(.error(.rateLimited, "flooding: disconnected")))
            connection.close(flush: true, reason: .flooding)
            return
        }
        // Spent from the budget like any line, so that a flood of them is cut off too.
        if jsonOnly, !Self.isJSONObject(line) {
            let error = ServerEvent.error(.badJSON, "over WebSocket every message is a JSON object")
            connection.send(encoder.line(error))
            return
        }
        // `prompt on|off` is text mode's own, answered here.
        if plain, let reply = presentation.promptCommand(typed) {
            connection.send(reply)
            return
        }
        // The envelope is taken out once: each `if case` on the result copied it.
        guard case .success(let envelope) = parsed else {
            // A line that is no request needs no lobby state: unless it would overtake an
            // earlier request still in the lobby, it is answered here, so that a flood of
            // malformed lines never queues up in front of other clients' requests.
            if route.sendsThroughLobby {
                route.toLobby(from: connection)
                lobby.received(parsed, from: connection, route: route)
            } else if case .failure(let failure) = parsed {
                connection.send(
                    encoder.line(.error(failure.code, failure.message), id: failure.id))
            }
            return
        }
        if jsonOnly, case .mode(.text) = envelope.request {
            let error = ServerEvent.error(
                .invalidField, "mode: text mode is not offered over WebSocket")
            connection.send(encoder.line(error, id: envelope.id))
            return
        }
        presentation.received(envelope.request, plain: plain)
        switch envelope.request {
        case .ping:
            // A ping needs no lobby state: answer it here, in parallel with other connections.
            connection.send(encoder.line(.pong, id: envelope.id, from: Self.pong))
            return
        case .mode(let mode):
            connection.send(encoder.line(.mode(ModeReply(mode)), id: envelope.id))
            return
        case .chat:
            guard spendChat(on: connection, id: envelope.id) else { return }
        default:
            break
        }
        if let request = envelope.request.tableRequest,
            let (player, table) = route.direct(from: connection)
        {
            table.submitHere(request, from: player, id: envelope.id)
            return
        }
        route.toLobby(from: connection)
        lobby.received(parsed, from: connection, route: route)
    }

    /// True when `line` opens with `{` after any blanks: a JSON object, or meant to be one.
    private static func isJSONObject(_ line: Data) -> Bool {
        line.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } == UInt8(ascii: "{")
    }

    /// Spends a chat line from the chat budget; false, with the refusal sent (and the
    /// connection closed for flooding), when it is spent.
    private func spendChat(on connection: Connection, id: RequestID?) -> Bool {
        switch chatBudget.spend() {
        case .allow:
            return true
        case .refuse:
            lobby.metrics.refused()
            let error = ServerEvent.error(.rateLimited, "too many chat lines; slow down")
            connection.send(encoder.line(error, id: id))
            return false
        case .disconnect:
            lobby.metrics.flooded()
            let error = ServerEvent.error(.rateLimited, "flooding: disconnected")
            connection.send(encoder.line(error, id: id))
            connection.close(flush: true, reason: .flooding)
            return false
        }
    }

    func connectionLineTooLong(_ connection: Connection) {
        let limit = ProtocolVersion.maxLineBytes
        let error = ServerEvent.error(.lineTooLong, "lines are limited to \(limit) bytes")
        connection.send(encoder.line(error))
    }

    func connection(_ connection: Connection, willSend data: Data) -> Data {
        presentation.outgoing(data, nowMilliseconds: Int64(Date().timeIntervalSince1970 * 1000))
    }

    func connectionLineTimedOut(_ connection: Connection) {
        let seconds = lobby.configuration.incompleteLineSeconds
        let error = ServerEvent.error(
            .idleTimeout, "a line was left unfinished for \(seconds) seconds; closing")
        connection.send(encoder.line(error))
    }

    func connectionDidClose(_ connection: Connection, reason: CloseReason) {
        lobby.disconnected(connection)
    }
}
