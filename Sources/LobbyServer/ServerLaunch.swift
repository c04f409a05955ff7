/// What the `bigtwo-server` executable does before it listens: opens the game log (telling
/// the operator about any crash recovery), raises the open-file limit to fit the client cap,
/// and builds the server.
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
        let descriptors = OpenFileLimit.raise(toServe: configuration.maxClients)
        if descriptors < configuration.maxClients + 16 {
            logger.warning("only \(descriptors) file descriptors allowed; fewer clients will fit")
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
        return LobbyServer(configuration: configuration, logger: logger, recorder: gameLog)
    }
}
