/// What the `bigtwo-server` executable does before it listens: opens the game log (telling
/// the operator about any crash recovery), raises the open-file limit as far as allowed,
/// lowers the client cap to what fits in it, and builds the server.
public enum ServerLaunch {
    /// A server ready to start, with its game log when the configuration names a data
    /// directory.
    public static func prepare(_ configuration: ServerConfiguration) throws(GameLogError)
        -> LobbyServer
    {
        let logger = Logger(level: configuration.logLevel)
        let gameLog = try configuration.dataDirectory.map { path throws(GameLogError) in
            try GameLog(directory: path)
        }
        var configuration = configuration
        let descriptors = OpenFileLimit.raiseToHardLimit()
        let capacity = OpenFileLimit.clientCapacity(descriptors: descriptors)
        if configuration.maxClients > capacity {
            logger.warning(
                "only \(descriptors) file descriptors allowed: serving at most \(capacity) "
                    + "clients instead of \(configuration.maxClients)")
            configuration.maxClients = capacity
        }
        if let gameLog {
            let recovery = gameLog.recovery
            logger.info(
                "game log \(gameLog.fileURL.path): \(recovery.recordsLoaded) deal(s) loaded")
            if recovery.tornTailBytes > 0 {
                logger.warning(
                    "game log: dropped a torn last line of \(recovery.tornTailBytes) bytes")
            }
            if !recovery.corruptLines.isEmpty {
                logger.warning("game log: skipped corrupt line(s) \(recovery.corruptLines)")
            }
        }
        var journal: TableJournal?
        if let directory = configuration.dataDirectory, !configuration.withoutJournal {
            do {
                journal = try TableJournal(directory: directory)
            } catch {
                logger.warning("\(error.description): tables will not survive a restart")
            }
        }
        return LobbyServer(
            configuration: configuration, logger: logger, recorder: gameLog, journal: journal)
    }
}
