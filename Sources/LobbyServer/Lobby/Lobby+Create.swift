import CardGames
import Dispatch
import LobbyProtocol
import TableCore

/// The `create` fields every kind of table shares, checked.
private struct CommonSettings {
    let name: String
    let botLevel: BotLevel
    let games: Int?
    let turnSeconds: Int
    let pauseSeconds: Int
    let allBots: Bool
}

extension Lobby {
    /// Creates a table of the kind asked for and seats the creator (unless it is all bots).
    func create(_ create: CreateTable, by player: PlayerSession, id: RequestID?) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let connection = player.connection else { return }
        let allBots = create.allBots ?? false
        if !allBots, let membership = player.membership {
            fail(.alreadyAtTable, membership.leaveFirst, id: id, to: connection)
            return
        }
        let running = botTablesByOwner[player.tokenHash, default: []].count
        if allBots, running >= configuration.maxBotTablesPerPlayer {
            fail(
                .tooManyTables,
                "you already run \(running) all-bot tables; wait for one to finish",
                id: id, to: connection)
            return
        }
        let botTables = botTableOwners.count
        if allBots, botTables >= min(configuration.maxBotTables, configuration.maxTables - 1) {
            fail(
                .tooManyTables,
                "the server runs as many all-bot tables as it allows; try again later",
                id: id, to: connection)
            return
        }
        let address = connection.host
        let held = tablesByAddress[address, default: 0]
        guard held < configuration.maxTablesPerAddress else {
            fail(
                .tooManyTables,
                "sessions from your address have \(held) tables open, as many as one address "
                    + "may; wait for one to finish", id: id, to: connection)
            return
        }
        let table: any TableHandle
        switch makeTable(create, creator: player.name, owner: allBots ? player.tokenHash : nil) {
        case .success(let made): table = made
        case .failure(let failure):
            fail(failure.code, failure.message, id: id, to: connection)
            return
        }
        admit(table, botOwner: allBots ? player.tokenHash : nil)
        tablesByAddress[address, default: 0] += 1
        tableAddresses[table.id] = address
        logger.info("table \(table.id) (\(table.kind.rawValue)) created by \(player.name)")
        if allBots {
            table.submit(.startAllBots, from: player, id: id)
        } else {
            player.membership = PlayerSession.Membership(table: table, seat: 0)
            table.submit(.sitCreator(name: player.name), from: player, id: id)
        }
    }

    /// Checks the request and builds the table, taking the next table id; a refused request
    /// takes no id. A new table's `table` line (with `owner`, the token hash of an all-bot
    /// table's creator) is journaled before its core is made, so that every seed the core
    /// draws, even while it is made, is journaled after it and replayed to it. With
    /// `restoring`, the table is rebuilt from its journal lines instead.
    func makeTable(
        _ create: CreateTable, creator: String, owner: String? = nil,
        restoring: JournaledTable? = nil
    ) -> Result<any TableHandle, ProtocolFailure> {
        let common: CommonSettings
        switch commonSettings(create, creator: creator) {
        case .success(let checked): common = checked
        case .failure(let failure): return .failure(failure)
        }
        let kind = create.kind ?? .bigtwo
        if let failure = create.foreignField(for: kind) { return .failure(failure) }
        return makeTable(
            GameCatalog.game(kind), create, common: common, creator: creator, owner: owner,
            restoring: restoring)
    }

    /// ``makeTable(_:creator:owner:restoring:)`` for a table of `game`, whose settings are
    /// read from `create`.
    private func makeTable<Game: TableGame>(
        _ game: Game.Type, _ create: CreateTable, common: CommonSettings, creator: String,
        owner: String?, restoring: JournaledTable?
    ) -> Result<any TableHandle, ProtocolFailure> {
        let settings: Game.Settings
        do {
            settings = try Game.settings(from: create)
        } catch {
            return .failure(error)
        }
        guard tables.count < configuration.maxTables else {
            return .failure(ProtocolFailure(.tooManyTables, "the server has too many tables"))
        }
        let tableID = nextTableID
        nextTableID += 1
        if restoring == nil {
            journal?.table(tableID, create: create, creator: creator, owner: owner)
        }
        let setup = TableSetup(
            id: tableID, name: common.name, botLevel: common.botLevel, games: common.games,
            turnSeconds: common.turnSeconds, personTurnSeconds: configuration.turnSeconds,
            allBots: common.allBots, botDelay: Milliseconds(configuration.botDelayMilliseconds),
            timeoutsBeforeAway: configuration.timeoutsBeforeAway,
            reconnect: Milliseconds(configuration.reconnectSeconds) * 1000,
            pause: Milliseconds(common.pauseSeconds) * 1000,
            waitingReconnect: Milliseconds(configuration.waitingSeatSeconds) * 1000,
            maxWatchers: configuration.maxWatchersPerTable,
            chatRate: ChatRate.room(perSecond: configuration.roomChatPerSecond))
        let journaled = journal.map {
            JournaledSeeds(
                base: self.seeds, journal: $0, table: tableID,
                replaying: restoring?.seeds ?? [], aside: restoring?.checkpoint != nil)
        }
        let seeds: any SeedSource = journaled ?? self.seeds
        return host(
            TableCore<Game>(setup: setup, settings: settings, seeds: seeds),
            restoring: restoring, seeds: journaled)
    }

    /// A host for `core`, its description already in the table list. When restoring, the
    /// core takes up its checkpoint, if any, is fed its journaled inputs after it, and its
    /// sessions get their places back.
    private func host<Game: TableGame>(
        _ core: TableCore<Game>, restoring: JournaledTable?, seeds: JournaledSeeds?
    ) -> Result<any TableHandle, ProtocolFailure> {
        let services = tableServices(for: core.id)
        guard let restoring else {
            let host = TableHost(core: core, services: services, journal: journal)
            directory.add(host.initialInfo)
            return .success(host)
        }
        var core = core
        // Seeds the core drew while it was made are replaced by its checkpoint.
        seeds?.endAside()
        if let saved = restoring.checkpoint {
            guard let checkpoint = TableJournal.checkpoint(Game.self, in: saved),
                core.restore(checkpoint)
            else {
                return .failure(
                    ProtocolFailure(.internalError, "its checkpoint does not fit the table"))
            }
        }
        var replay = TableReplay(core: core, entries: restoring.inputs)
        if restoring.downtime > 0 {
            replay.postpone(by: restoring.downtime)
            journal?.postpone(table: core.id, by: restoring.downtime, now: services.now())
        }
        let members = replay.places.compactMap { session, place in
            place == nil ? nil : playersByID[session]
        }
        // Listed before the host runs anything, so that nothing it publishes is missed.
        directory.add(replay.core.makeInfo())
        let host = TableHost(
            replay: replay, players: members, services: services, journal: journal)
        for case (let session, let place?) in replay.places {
            playersByID[session]?.membership = PlayerSession.Membership(
                table: host, seat: place.seat)
        }
        return .success(host)
    }

    /// What a table needs from the server: the lobby hears of it asynchronously.
    private func tableServices(for table: Int) -> TableServices {
        TableServices(
            botQueue: ServerQueues.botQueue(for: table), recorder: recorder, logger: logger,
            metrics: metrics, storage: storage,
            placeChanged: { [self] session, table, place in
                queue.async { [self] in placeChanged(session, table: table, place) }
            },
            infoChanged: { [directory] info in directory.update(info) },
            finished: { [self] table in queue.async { [self] in tableFinished(table) } },
            now: TableServices.wallClock,
            broadcastDelay: Milliseconds(configuration.broadcastDelayMilliseconds),
            flushTicker: flushTicker)
    }

    private func commonSettings(_ create: CreateTable, creator: String)
        -> Result<CommonSettings, ProtocolFailure>
    {
        guard let level = BotLevel(rawValue: create.bots?.lowercased() ?? "smart") else {
            return .failure(
                ProtocolFailure(
                    .invalidField, "field 'bots' must be \(WordList.oneOf(WordList.botLevels))"))
        }
        let allBots = create.allBots ?? false
        let games = create.games ?? (allBots ? 1 : nil)
        if let games, games < 1 {
            return .failure(ProtocolFailure(.invalidField, "field 'games' must be at least 1"))
        }
        let turnSeconds = allBots ? 0 : create.turnSeconds ?? configuration.turnSeconds
        guard turnSeconds >= 0, turnSeconds <= 3600 else {
            return .failure(
                ProtocolFailure(.invalidField, "field 'turn_seconds' must be 0 to 3600"))
        }
        let pause = create.pause ?? configuration.pauseSeconds
        guard pause >= 0, pause <= 300 else {
            return .failure(ProtocolFailure(.invalidField, "field 'pause' must be 0 to 300"))
        }
        let name = create.name ?? TextRules.defaultTableName(creator: creator)
        return .success(
            CommonSettings(
                name: name, botLevel: level, games: games, turnSeconds: turnSeconds,
                pauseSeconds: pause, allBots: allBots))
    }
}
