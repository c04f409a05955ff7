import CardGames
import Foundation
import LobbyProtocol

/// A test client speaking the lobby protocol over a ``LineClient``, or a WebSocket (where it
/// sends its requests as JSON); keeps every line it read.
final class TestPlayer: @unchecked Sendable {
    private let link: any PlayerLink
    /// The connection of a line client.
    var client: LineClient { link as! LineClient }
    /// True over WebSocket: requests go as JSON objects.
    let json: Bool
    let decoder = ServerMessageDecoder()
    /// Every line received, in order.
    private(set) var lines: [String] = []
    /// The session token, after `hello`.
    var token: String?
    /// The seat held, once known.
    var seat: Int?
    /// `turn` events seen so far.
    private(set) var turnsSeen = 0
    /// The greeting, once read.
    private var greeted: ServerMessage?

    convenience init(port: UInt16, receiveBufferBytes: Int32? = nil) throws {
        try self.init(
            link: LineClient.connect(port: port, receiveBufferBytes: receiveBufferBytes), json: false)
    }

    /// A player over a WebSocket to `/ws`.
    convenience init(webSocketPort port: UInt16) throws {
        try self.init(link: WebSocketTestClient.connect(port: port), json: true)
    }

    /// The greeting is not awaited here: a line client that sends first is greeted at once,
    /// while one that waits is greeted only after the port's greeting wait. It is read before
    /// the first message that follows it.
    private init(link: any PlayerLink, json: Bool) {
        self.link = link
        self.json = json
    }

    /// The first line the server sent (a silent line client waits the greeting wait for it).
    var greeting: ServerMessage {
        get throws {
            if let greeted { return greeted }
            guard let line = try link.readLine() else {
                throw TestFailure("closed before the greeting")
            }
            let message = try ServerMessageDecoder().decode(line)
            greeted = message
            return message
        }
    }

    func send(_ line: String) throws {
        try link.send(line)
    }

    /// `command` (a plain command or a JSON object), in this player's form of requests.
    func phrased(_ command: String) -> String {
        guard json, !command.hasPrefix("{") else { return command }
        let words = command.split(separator: " ")
        switch words.first {
        case "play":
            return #"{"type":"play","cards":"\#(words.dropFirst().joined(separator: " "))"}"#
        default:
            return #"{"type":"\#(command)"}"#
        }
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
        _ = try greeting
        guard let line = try link.readLine() else { throw TestFailure("connection closed") }
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
        try send(phrased(line))
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
                try send(phrased(legalMove(in: snapshot)))
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
        link.close()
    }
}

/// What a ``TestPlayer`` talks over: lines in, lines out.
protocol PlayerLink: AnyObject {
    func send(_ line: String) throws
    /// The next line, or nil once the server closed.
    func readLine() throws -> String?
    func close()
}

extension LineClient: PlayerLink {}

extension WebSocketTestClient: PlayerLink {
    func readLine() throws -> String? {
        while let event = try next() {
            switch event {
            case .text(let data): return String(decoding: data, as: UTF8.self)
            case .close: return nil
            default: continue
            }
        }
        return nil
    }

    func close() {
        socket.close()
    }
}
