import CardGames
import Dispatch
import Foundation
import LobbyProtocol
import TableCore

/// The lobby: sessions, the table list, lobby chat, and the routing of requests to tables.
///
/// Everything here runs on the lobby's serial queue, and nothing here waits: requests go to
/// tables as messages answered from the table's queue, and tables push their description and
/// their members' places back to the lobby asynchronously.
final class Lobby: @unchecked Sendable {
    /// A connected client and the player it logged in as.
    struct Client {
        let connection: Connection
        /// How the connection's requests reach the lobby and its table.
        let route: RequestRoute
        var player: PlayerSession? {
            didSet { route.loggedIn(as: player) }
        }
        /// Where this connection's plain `list more`, `history more` and `leaderboard more`
        /// continue.
        var pages = RecordPages()
    }

    let queue = ServerQueues.serial(label: "LobbyServer.lobby")
    let configuration: ServerConfiguration
    let logger: Logger
    let recorder: (any DealRecorder)?
    let seeds: DealSeedSource
    /// The running totals `stats` reports.
    let metrics: ServerMetrics
    /// Where sessions, tables and table inputs are journaled, when the server keeps a journal.
    let journal: TableJournal?
    /// Whether the game log and the journal reach the disk.
    let storage: StorageMonitor

    // Everything below is touched only on `queue`.
    let encoder = ServerMessageEncoder()
    /// Delivers lobby chat, off the lobby's queue.
    let lobbyChat: LobbyChat
    /// Sends every table's broadcasts that have waited long enough.
    let flushTicker: FlushTicker
    var clients: [Int: Client] = [:]
    var players: [String: PlayerSession] = [:]
    var playersByID: [SessionID: PlayerSession] = [:]
    /// The held sessions by the key of their name (``NameSkeleton/key``): a name is free when
    /// no session's name looks the same, found in constant time however many are held.
    var playersByNameKey: [String: PlayerSession] = [:]
    var tables: [Int: any TableHandle] = [:]
    /// The table list, which answers `list` off the lobby's queue.
    let directory = TableDirectory()
    /// Who is online and where, for `who`.
    let roster = Roster()
    var nextTableID = 1
    var nextSessionID = 1
    /// Counts detaches, so that sessions can be evicted oldest first.
    var detachClock = 0
    /// The sessions a `hello` at the cap of held sessions may forget, oldest detach first.
    var idleSessions = IdleSessions()
    /// The open tables created by sessions from each IP address.
    var tablesByAddress: [String: Int] = [:]
    /// The address of each open table's creator (tables restored from the journal have none).
    var tableAddresses: [Int: String] = [:]
    /// The running all-bot tables each player (by token hash) created.
    var botTablesByOwner: [String: Set<Int>] = [:]
    /// True once the server's stop has begun: requests that would change a session, a table
    /// or the lobby are refused, and closing connections are no disconnections.
    var stopping = false
    /// The owner (by token hash) of each running all-bot table.
    var botTableOwners: [Int: String] = [:]
    /// The open tables of each kind, for `stats`.
    var tableKinds: [TableKind: Int] = [:]
    /// Writes the `stats` figures to the log every `statsSeconds`, when that is not 0.
    var statsTimer: (any DispatchSourceTimer)?

    init(
        configuration: ServerConfiguration, logger: Logger, recorder: (any DealRecorder)?,
        metrics: ServerMetrics, journal: TableJournal?, storage: StorageMonitor
    ) {
        self.configuration = configuration
        self.logger = logger
        self.recorder = recorder
        self.metrics = metrics
        self.journal = journal
        self.storage = storage
        // The deal numbers of a master seed are recorded beside the game log, so that no
        // seed is drawn twice from it however often the server starts on the same data.
        var numbers = DealNumbers()
        if configuration.masterSeed != nil, let directory = configuration.dataDirectory {
            numbers = DealNumbers(directory: directory, logger: logger)
        }
        self.seeds = DealSeedSource(masterSeed: configuration.masterSeed, numbers: numbers)
        self.lobbyChat = LobbyChat(rate: .room(perSecond: configuration.roomChatPerSecond))
        self.flushTicker = FlushTicker(
            delay: UInt64(max(configuration.broadcastDelayMilliseconds, 0)) * 1_000_000)
        // Ids already in the game log are never given again, even when the journal that
        // counts them is lost or not kept: a history never shows one table twice.
        nextTableID = min(recorder?.highestTable ?? 0, JournalLimits.maxID) + 1
        storage.listen { [weak self] condition in
            guard let self else { return }
            queue.async { [self] in
                for table in tables.values { table.storageChanged(condition) }
            }
        }
    }

    /// A connection opened (its session has greeted it already).
    func connected(_ connection: Connection, route: RequestRoute) {
        queue.async { [self] in
            clients[connection.id] = Client(connection: connection, route: route)
            logger.debug("connection \(connection.id) from \(connection.peer)")
            closeUnlessHelloSoon(connection)
        }
    }

    /// Closes `connection` with `hello_timeout` if it has not said `hello` in time.
    private func closeUnlessHelloSoon(_ connection: Connection) {
        let seconds = configuration.helloSeconds
        queue.asyncAfter(deadline: .now() + .seconds(seconds)) { [self] in
            guard let client = clients[connection.id], client.connection === connection,
                client.player == nil
            else { return }
            fail(.helloTimeout, "say hello within \(seconds) s; closing", id: nil, to: connection)
            connection.close(flush: true)
        }
    }

    /// A parsed line arrived on `connection`; `route` learns when the lobby has handled it.
    func received(
        _ parsed: Result<RequestEnvelope, ProtocolFailure>, from connection: Connection,
        route: RequestRoute
    ) {
        queue.async { [self] in
            defer { route.lobbyHandled(on: connection) }
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

    /// A connection closed: its player is away; a bot plays their seat meanwhile, and the
    /// table gives the seat to the bot for good if they do not come back in time.
    func disconnected(_ connection: Connection) {
        queue.async { [self] in
            guard let client = clients.removeValue(forKey: connection.id) else { return }
            lobbyChat.stopListening(connection)
            directory.forget(connection)
            // The stop closes every connection: its players stay where they are, to resume
            // after the restart.
            guard !stopping else { return }
            guard let player = client.player, player.detach(connection) else { return }
            roster.session(player.id, name: player.name, online: false)
            player.detachCount += 1
            detachClock += 1
            player.detachedAt = detachClock
            logger.info("\(player.name) disconnected")
            player.membership?.table.submit(.disconnected, from: player, id: nil)
            expireLater(player)
        }
    }

    /// Stops every table (server shutdown); `completion` runs once the deals they cut off are
    /// recorded. With a journal the tables are kept instead: the journal is made durable and
    /// the next start carries on where they are.
    ///
    /// Kept tables freeze first, where they stand: no timer fires, no bot moves and no input
    /// is journaled once the stop has begun, and the connections closing at the stop are no
    /// disconnections (no seat goes to a bot), so each session resumes at its seat afterwards.
    func stop(completion: @escaping @Sendable () -> Void) {
        queue.async { [self] in
            stopping = true
            statsTimer?.cancel()
            statsTimer = nil
            let group = DispatchGroup()
            for table in tables.values {
                group.enter()
                if journal != nil {
                    table.freeze { group.leave() }
                } else {
                    table.stop { group.leave() }
                }
            }
            group.notify(queue: queue) { [self] in
                guard let journal else { return completion() }
                journal.stopClock()
                journal.file.sync { [self] in
                    storage.abandonHeld(journalKeepsTables: !journal.file.isFailing)
                    completion()
                }
            }
            // A record the disk refuses would hold the stop for ever: after a grace time the
            // records still held are given up on (and said so in the log).
            queue.asyncAfter(deadline: .now() + .seconds(Self.stopGraceSeconds)) { [self] in
                if journal == nil { storage.abandonHeld(journalKeepsTables: false) }
            }
        }
    }

    /// How long a stop without a journal waits for records the disk refuses.
    static let stopGraceSeconds = 5

    /// A session's place at table `tableID` changed: nil when it is no longer there.
    func placeChanged(_ session: SessionID, table tableID: Int, _ place: TablePlace?) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let player = playersByID[session] else { return }
        if let place {
            guard let table = tables[tableID] else { return }
            player.membership = PlayerSession.Membership(table: table, seat: place.seat)
        } else if player.membership?.table.id == tableID {
            player.membership = nil
            if !player.isConnected { expireLater(player) }
        }
    }

    /// Forgets a finished table and frees its players.
    func tableFinished(_ tableID: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        if let table = tables.removeValue(forKey: tableID) {
            let left = tableKinds[table.kind, default: 1] - 1
            tableKinds[table.kind] = left > 0 ? left : nil
        }
        directory.remove(tableID)
        if let address = tableAddresses.removeValue(forKey: tableID) {
            let left = tablesByAddress[address, default: 1] - 1
            tablesByAddress[address] = left > 0 ? left : nil
        }
        if let owner = botTableOwners.removeValue(forKey: tableID) {
            botTablesByOwner[owner]?.remove(tableID)
            if botTablesByOwner[owner]?.isEmpty == true { botTablesByOwner[owner] = nil }
        }
        for player in players.values where player.membership?.table.id == tableID {
            player.membership = nil
            if !player.isConnected { expireLater(player) }
        }
    }

    /// Drops an away player's session after a while, unless they came back or sit somewhere.
    func expireLater(_ player: PlayerSession) {
        if !player.isConnected, player.membership == nil {
            idleSessions.add(player, held: players.count) { [self] in playersByID[$0.id] === $0 }
        }
        let detaches = player.detachCount
        let lifetime = DispatchTimeInterval.seconds(configuration.seatlessSessionSeconds)
        queue.asyncAfter(deadline: .now() + lifetime) { [self] in
            guard player.detachCount == detaches, !player.isConnected,
                player.membership == nil
            else { return }
            forget(player)
        }
    }

    /// Forgets a session for good; the all-bot tables it runs end with it.
    func forget(_ player: PlayerSession) {
        guard !stopping else { return }
        players[player.tokenHash] = nil
        playersByID[player.id] = nil
        if playersByNameKey[player.nameKey] === player { playersByNameKey[player.nameKey] = nil }
        journal?.forget(player.id)
        roster.remove(player.id)
        for tableID in botTablesByOwner[player.tokenHash] ?? [] { tables[tableID]?.end() }
    }

    /// Opens `table` in the lobby's books; `botOwner` is the token hash of the player whose
    /// all-bot table it is.
    func admit(_ table: any TableHandle, botOwner: String?) {
        tables[table.id] = table
        tableKinds[table.kind, default: 0] += 1
        if let botOwner {
            botTablesByOwner[botOwner, default: []].insert(table.id)
            botTableOwners[table.id] = botOwner
        }
    }

    /// Holds a new or restored session.
    func hold(_ player: PlayerSession) {
        player.roster = roster
        players[player.tokenHash] = player
        playersByID[player.id] = player
        playersByNameKey[player.nameKey] = player
    }

    /// At the cap of held sessions, forgets the disconnected one without a seat that left
    /// first.
    func makeRoomForASession() {
        guard players.count >= configuration.maxHeldSessions,
            let oldest = idleSessions.popOldest(isLive: { [self] in playersByID[$0.id] === $0 })
        else { return }
        forget(oldest)
    }

    func reply(_ event: ServerEvent, id: RequestID?, to connection: Connection) {
        connection.send(encoder.line(event, id: id))
    }

    func fail(_ code: ErrorCode, _ message: String, id: RequestID?, to connection: Connection) {
        reply(.error(code, message), id: id, to: connection)
    }
}
