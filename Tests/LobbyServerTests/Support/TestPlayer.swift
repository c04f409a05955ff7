import CardGames
import Foundation
import LobbyProtocol

/// A test client speaking the lobby protocol over a ``LineClient``; keeps every line it read.
final class TestPlayer: @unchecked Sendable {
    let client: LineClient
    let decoder = ServerMessageDecoder()
    /// Every line received, in order.
    private(set) var lines: [String] = []
    /// The session token, after `hello`.
    var token: String?
    /// The seat held, once known.
    var seat: Int?
    /// `turn` events seen so far.
    private(set) var turnsSeen = 0
    let greeting: ServerMessage

    init(port: UInt16, receiveBufferBytes: Int32? = nil) throws {
        client = try LineClient.connect(port: port, receiveBufferBytes: receiveBufferBytes)
        let first = try client.readLine().map { try ServerMessageDecoder().decode($0) }
        guard let first else { throw TestFailure("closed before the greeting") }
        greeting = first
    }

    func send(_ line: String) throws {
        try client.send(line)
    }

    /// Messages read while waiting for a reply, not yet returned by ``next()``.
    private var pending: [ServerMessage] = []

    /// The next message; throws when the connection ended.
    func next() throws -> ServerMessage {
        let message = pending.isEmpty ? try readFresh() : pending.removeFirst()
        if case .turn = message.event { turnsSeen += 1 }
        return message
    }

    private func readFresh() throws -> ServerMessage {
        guard let line = try client.readLine() else { throw TestFailure("connection closed") }
        lines.append(line)
        return try decoder.decode(line)
    }

    /// Reads messages until one of `type` arrives.
    @discardableResult
    func waitFor(_ type: String) throws -> ServerMessage {
        while true {
            let message = try next()
            if message.event.type == type { return message }
        }
    }

    /// Sends a line and waits for the reply of `type` (or an error, which is returned too).
    @discardableResult
    func request(_ line: String, expect type: String) throws -> ServerMessage {
        try send(line)
        while true {
            let message = try readFresh()
            if message.event.type == type { return message }
            if case .error(let reply) = message.event {
                throw TestFailure("\(line) → \(reply.code): \(reply.message)")
            }
            pending.append(message)
        }
    }

    /// Sends a line and returns the error code it provokes.
    func errorCode(for line: String) throws -> ErrorCode {
        try send(line)
        return try errorReply().code
    }

    /// Reads until an error arrives.
    func errorReply() throws -> ErrorReply {
        while true {
            let message = try readFresh()
            if case .error(let reply) = message.event { return reply }
            pending.append(message)
        }
    }

    /// The current snapshot.
    func state() throws -> Snapshot {
        guard case .state(let snapshot) = try request("state", expect: "state").event else {
            throw TestFailure("no state")
        }
        return snapshot
    }

    /// Reads until the `turn` event numbered `count` (counting from 1).
    func awaitTurn(number count: Int) throws -> TurnNotice {
        while true {
            let message = try next()
            if case .turn(let turn) = message.event, turnsSeen == count { return turn }
        }
    }

    /// A legal move for this player's seat given the snapshot: the first legal play, or pass.
    func legalMove(in snapshot: Snapshot) -> String {
        Self.legalMove(in: snapshot)
    }

    /// A legal move for the snapshot's seat: the first legal play, or pass.
    static func legalMove(in snapshot: Snapshot) -> String {
        let options = snapshot.table.options ?? .standard
        let rules = BigTwoRules(options: options)
        let hand = CardSet(snapshot.hand ?? [])
        let table = snapshot.deal?.tablePlay.flatMap { rules.classify(CardSet($0)) }
        let mustInclude =
            snapshot.deal?.played.isEmpty == true ? options.lowestCard : nil
        let plays = rules.legalPlays(hand: hand, over: table, mustInclude: mustInclude)
        guard let play = plays.first else { return "pass" }
        return "play " + play.cards.notation
    }

    /// Plays the seat until the deal ends; `onTurn` runs at each of this seat's turns with
    /// the snapshot, before the legal move is made.
    func playDeal(onTurn: (Snapshot) throws -> Void = { _ in }) throws -> DealEnd {
        while true {
            let message = try next()
            switch message.event {
            case .turn(let turn) where turn.seat == seat:
                let snapshot = try state()
                try onTurn(snapshot)
                try send(legalMove(in: snapshot))
            case .dealEnd(let end):
                return end
            case .error(let reply):
                throw TestFailure("unexpected error \(reply.code): \(reply.message)")
            default:
                break
            }
        }
    }

    func close() {
        client.close()
    }
}
