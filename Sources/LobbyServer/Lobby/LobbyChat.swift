import Dispatch
import Foundation
import LobbyProtocol
import Locking
import TableCore

/// Lobby chat: who hears it, how many lines the lobby takes, and the delivery of each line to
/// every listener, on a queue of its own.
///
/// A line reaches every connected player, so delivering it costs as many sends as there are
/// players; on the lobby's queue a crowd chatting within their own budgets kept every other
/// lobby request waiting. The lobby only checks who speaks and hands the line here; the room's
/// rate (``ChatRate``) bounds the lines taken from everyone together.
final class LobbyChat: Sendable {
    let queue = DispatchQueue(label: "LobbyServer.lobbyChat")
    private let encoder = ServerMessageEncoder()
    private let now: @Sendable () -> Milliseconds
    private let state: QueueBound<State>

    private struct State {
        /// The connections of logged-in players, by connection id.
        var listeners: [Int: Connection] = [:]
        var rate: ChatRate
    }

    init(rate: ChatRate, now: @escaping @Sendable () -> Milliseconds = TableServices.wallClock) {
        self.now = now
        state = QueueBound(State(rate: rate), queue: queue)
    }

    /// `connection` hears lobby chat from now on (after whatever it was sent before).
    func listen(_ connection: Connection) {
        queue.async { [self] in state.withValue { $0.listeners[connection.id] = connection } }
    }

    /// `connection` hears no more lobby chat.
    func stopListening(_ connection: Connection) {
        queue.async { [self] in
            state.withValue { state in
                if state.listeners[connection.id] === connection {
                    state.listeners[connection.id] = nil
                }
            }
        }
    }

    /// Delivers `message` from `sender` to every listener (the sender gets it as the reply to
    /// request `id`), unless the lobby takes no more lines for now: the sender then gets
    /// `chat_busy`.
    func say(_ message: ChatMessage, id: RequestID?, from sender: Connection) {
        queue.async { [self] in
            let time = now()
            let (taken, perSecond) = state.withValue { ($0.rate.admit(at: time), $0.rate.perSecond) }
            guard taken else {
                let refusal = ServerEvent.error(
                    .chatBusy,
                    "the lobby takes at most \(perSecond) chat lines a second from "
                        + "everyone together; wait a moment")
                sender.send(encoder.line(refusal, id: id))
                return
            }
            let line = encoder.line(.chat(message))
            for connection in state.value.listeners.values {
                if connection === sender, id != nil {
                    connection.send(encoder.line(.chat(message), id: id, from: line))
                } else {
                    connection.send(line)
                }
            }
        }
    }
}
