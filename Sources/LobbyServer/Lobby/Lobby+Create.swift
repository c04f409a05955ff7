import CardGames
import Dispatch
import LobbyProtocol

/// The `create` fields every kind of table shares, checked.
private struct CommonSettings {
    let name: String
    let botLevel: BotLevel
    let games: Int?
    let turnSeconds: Int
    let allBots: Bool
}

/// The game-specific rules of a new table.
private enum GameRules {
    case bigTwo(BigTwoOptions, rulesName: String)
    case eCard(ECardOptions)
}

extension Lobby {
    /// Creates a table of the kind asked for and seats the creator (unless it is all bots).
    func create(_ create: CreateTable, by player: PlayerSession, id: RequestID?) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let connection = player.connection else { return }
        let allBots = create.allBots ?? false
        if !allBots, player.membership != nil {
            fail(.alreadyAtTable, "leave your table first", id: id, to: connection)
            return
        }
        let running = botTablesByOwner[player.token, default: []].count
        if allBots, running >= configuration.maxBotTablesPerPlayer {
            fail(
                .tooManyTables,
                "you already run \(running) all-bot tables; wait for one to finish",
                id: id, to: connection)
            return
        }
        let table: any GameTable
        switch makeTable(create, creator: player.name) {
        case .success(let made): table = made
        case .failure(let failure):
            fail(failure.code, failure.message, id: id, to: connection)
            return
        }
        tables[table.id] = table
        logger.info("table \(table.id) (\(table.kind.rawValue)) created by \(player.name)")
        if allBots {
            botTablesByOwner[player.token, default: []].insert(table.id)
            reply(.created(TableNotice(table: table.info())), id: id, to: connection)
            table.startAllBots()
        } else {
            player.membership = PlayerSession.Membership(table: table, seat: 0)
            table.seatCreator(player, id: id)
        }
    }

    /// Checks the request and builds the table, taking the next table id; a refused request
    /// takes no id.
    private func makeTable(_ create: CreateTable, creator: String)
        -> Result<any GameTable, ProtocolFailure>
    {
        let common: CommonSettings
        switch commonSettings(create, creator: creator) {
        case .success(let checked): common = checked
        case .failure(let failure): return .failure(failure)
        }
        let rules: GameRules
        switch gameRules(create) {
        case .success(let checked): rules = checked
        case .failure(let failure): return .failure(failure)
        }
        guard tables.count < configuration.maxTables else {
            return .failure(ProtocolFailure(.tooManyTables, "the server has too many tables"))
        }
        let tableID = nextTableID
        nextTableID += 1
        let context = TableContext(
            botDelay: .milliseconds(configuration.botDelayMilliseconds), seeds: seeds,
            logger: logger, recorder: recorder,
            timeoutsBeforeAway: configuration.timeoutsBeforeAway,
            onFinished: { [self] table in tableFinished(table) })
        switch rules {
        case .bigTwo(let options, let rulesName):
            let settings = TableSettings(
                id: tableID, name: common.name, options: options, rulesName: rulesName,
                botLevel: common.botLevel, games: common.games,
                turnSeconds: common.turnSeconds, allBots: common.allBots)
            return .success(BigTwoTable(settings: settings, context: context))
        case .eCard(let options):
            let settings = ECardTableSettings(
                id: tableID, name: common.name, options: options, botLevel: common.botLevel,
                games: common.games, turnSeconds: common.turnSeconds, allBots: common.allBots)
            return .success(ECardTable(settings: settings, context: context))
        }
    }

    /// The rules asked for, by kind: a Big Two preset or explicit options (named after the
    /// preset they equal, else `custom`), or E-Card options checked against their ranges.
    private func gameRules(_ create: CreateTable) -> Result<GameRules, ProtocolFailure> {
        switch create.kind ?? .bigtwo {
        case .bigtwo:
            guard create.ecard == nil else {
                return .failure(
                    ProtocolFailure(
                        .invalidField, "field 'ecard' (and payout=) is for E-Card tables only"))
            }
            var rulesName = create.rules?.lowercased() ?? "standard"
            guard var options = BigTwoOptions.presets[rulesName] else {
                return .failure(
                    ProtocolFailure(.invalidField, "field 'rules' must be standard or taiwan"))
            }
            if let given = create.options {
                options = given
                rulesName = BigTwoOptions.presets.first { $0.value == given }?.key ?? "custom"
            }
            return .success(.bigTwo(options, rulesName: rulesName))
        case .ecard:
            guard create.options == nil, create.rules == nil else {
                return .failure(
                    ProtocolFailure(
                        .invalidField, "fields 'rules' and 'options' are for Big Two tables only"))
            }
            let options = create.ecard ?? .standard
            do {
                try options.validate()
            } catch {
                return .failure(ProtocolFailure(error.code, error.message))
            }
            return .success(.eCard(options))
        }
    }

    private func commonSettings(_ create: CreateTable, creator: String)
        -> Result<CommonSettings, ProtocolFailure>
    {
        guard let level = BotLevel(rawValue: create.bots?.lowercased() ?? "smart") else {
            return .failure(
                ProtocolFailure(.invalidField, "field 'bots' must be \(BotLevel.spelledOut)"))
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
        let name = String((create.name ?? "\(creator)'s table").prefix(40))
        return .success(
            CommonSettings(
                name: name, botLevel: level, games: games, turnSeconds: turnSeconds,
                allBots: allBots))
    }
}
