import CardGames
import Dispatch
import Foundation
import LobbyProtocol

/// The lobby: sessions, the table list, lobby chat, and the routing of requests to tables.
///
/// Everything here runs on the lobby's serial queue. The lobby calls tables synchronously
/// for seat changes; tables only ever call back asynchronously.
final class Lobby: @unchecked Sendable {
    /// A connected client and the player it logged in as.
    struct Client {
        let connection: Connection
        var player: PlayerSession?
        /// Where this connection's plain `history more` and `leaderboard more` continue.
        var pages = RecordPages()
    }

    let queue = DispatchQueue(label: "LobbyServer.lobby")
    let configuration: ServerConfiguration
    let logger: Logger
    let recorder: (any DealRecorder)?
    let seeds: DealSeedSource
    /// How long a disconnected player's token stays valid when not at a table.
    let sessionLifetime: DispatchTimeInterval = .seconds(600)

    // Everything below is touched only on `queue`.
    let encoder = ServerMessageEncoder()
    var clients: [Int: Client] = [:]
    var players: [String: PlayerSession] = [:]
    var tables: [Int: any GameTable] = [:]
    var nextTableID = 1
    /// The running all-bot tables each player (by token) created.
    var botTablesByOwner: [String: Set<Int>] = [:]
    var stopped = false

    init(configuration: ServerConfiguration, logger: Logger, recorder: (any DealRecorder)?) {
        self.configuration = configuration
        self.logger = logger
        self.recorder = recorder
        self.seeds = DealSeedSource(masterSeed: configuration.masterSeed)
    }

    /// A connection opened: greet it.
    func connected(_ connection: Connection) {
        queue.async { [self] in
            clients[connection.id] = Client(connection: connection)
            let greeting = Greeting(
                protocol: ProtocolVersion.current, server: configuration.serverName,
                hint: "type help for the commands, or send JSON lines such as "
                    + #"{"type":"hello","name":"ann"}"#)
            connection.send(encoder.line(.greeting(greeting)))
            logger.debug("connection \(connection.id) from \(connection.peer)")
        }
    }

    /// A parsed line arrived on `connection`.
    func received(_ parsed: Result<RequestEnvelope, ProtocolFailure>, from connection: Connection)
    {
        queue.async { [self] in
            guard let client = clients[connection.id] else { return }
            switch parsed {
            case .failure(let failure):
                connection.send(
                    encoder.line(.error(failure.code, failure.message), id: failure.id))
            case .success(let envelope):
                handle(envelope.request, id: envelope.id, client: client)
            }
        }
    }

    /// A connection closed: its player is away; a bot plays their seat meanwhile.
    func disconnected(_ connection: Connection) {
        queue.async { [self] in
            guard let client = clients.removeValue(forKey: connection.id) else { return }
            guard let player = client.player, player.detach(connection) else { return }
            player.detachCount += 1
            logger.info("\(player.name) disconnected")
            if let membership = player.membership {
                if membership.seat == nil { player.membership = nil }
                membership.table.playerDisconnected(player)
                if membership.seat != nil { releaseLater(player) }
            }
            expireLater(player)
        }
    }

    /// Stops every table (server shutdown).
    func stop() {
        let all = queue.sync { () -> [any GameTable] in
            stopped = true
            return Array(tables.values)
        }
        for table in all { table.stop() }
    }

    /// Forgets a finished table and frees its players.
    func tableFinished(_ table: any GameTable) {
        queue.async { [self] in
            tables[table.id] = nil
            for owner in botTablesByOwner.keys {
                botTablesByOwner[owner]?.remove(table.id)
                if botTablesByOwner[owner]?.isEmpty == true { botTablesByOwner[owner] = nil }
            }
            for player in players.values where player.membership?.table === table {
                player.membership = nil
                if !player.isConnected { expireLater(player) }
            }
        }
    }

    /// Gives a dropped player's seat to the bot for the rest of the match when they have not
    /// come back within the reconnect time.
    func releaseLater(_ player: PlayerSession) {
        let detaches = player.detachCount
        let grace = DispatchTimeInterval.seconds(configuration.reconnectSeconds)
        queue.asyncAfter(deadline: .now() + grace) { [self] in
            guard player.detachCount == detaches, !player.isConnected,
                let membership = player.membership, membership.seat != nil
            else { return }
            player.membership = nil
            membership.table.leave(player, id: nil, reply: false)
            logger.info("\(player.name) did not come back; the bot keeps the seat")
            expireLater(player)
        }
    }

    /// Drops an away player's session after a while, unless they came back or sit somewhere.
    func expireLater(_ player: PlayerSession) {
        let detaches = player.detachCount
        queue.asyncAfter(deadline: .now() + sessionLifetime) { [self] in
            guard player.detachCount == detaches, !player.isConnected,
                player.membership == nil
            else { return }
            players[player.token] = nil
        }
    }

    func reply(_ event: ServerEvent, id: RequestID?, to connection: Connection) {
        connection.send(encoder.line(event, id: id))
    }

    func fail(_ code: ErrorCode, _ message: String, id: RequestID?, to connection: Connection) {
        reply(.error(code, message), id: id, to: connection)
    }
}
