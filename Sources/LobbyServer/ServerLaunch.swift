import Foundation
import GameRecords
import Glibc
import Locking

/// What the `bigtwo-server` executable does before it listens: locks the data directory
/// against a second server, opens the game log (telling the operator about any crash
/// recovery), raises the open-file limit as far as allowed, lowers the client cap to what fits
/// in it, and builds the server.
public enum ServerLaunch {
    /// Why the server could not be prepared.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// Another server holds the data directory, or it cannot be locked.
        case dataDirectory(DataDirectoryLock.Failure)
        /// The game log could not be opened.
        case gameLog(GameLogError)

        public var description: String {
            switch self {
            case .dataDirectory(let failure): failure.description
            case .gameLog(let error): "cannot open the game log: \(error)"
            }
        }
    }

    /// The data directory's lock, held until the process exits.
    private static let lock = Locked<DataDirectoryLock?>(nil)

    /// A server ready to start, with its game log when the configuration names a data
    /// directory, which it then holds locked for as long as the process runs.
    public static func prepare(_ configuration: ServerConfiguration) throws(Failure)
        -> LobbyServer
    {
        let logger = Logger(level: configuration.logLevel)
        if let directory = configuration.dataDirectory {
            do throws(DataDirectoryLock.Failure) {
                let held = try DataDirectoryLock(directory: directory)
                lock.withLock { $0 = held }
            } catch {
                throw .dataDirectory(error)
            }
        }
        // A write past a file-size limit (RLIMIT_FSIZE) then fails with EFBIG, which the game
        // log and the journal hold and retry like a full disk, instead of killing the server.
        signal(SIGXFSZ, SIG_IGN)
        // Before the first log line: a log piped into a reader that has gone (`| tee` ended
        // by the same Ctrl-C) then loses its lines instead of killing the server.
        signal(SIGPIPE, SIG_IGN)
        var options = GameLog.Options(segmentMegabytes: configuration.logSegmentMegabytes)
        // As the table journal does, a record waits up to 5 ms for others to share its sync:
        // a few hundred syncs a second instead of one per deal, for a delay no one notices.
        options.gatheringMilliseconds = 5
        let gameLog: GameLog?
        do throws(GameLogError) {
            gameLog = try configuration.dataDirectory.map { path throws(GameLogError) in
                try GameLog(directory: path, options: options, progress: readingReport(logger))
            }
        } catch {
            throw .gameLog(error)
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
        if let gameLog { report(gameLog, logger: logger) }
        var journal: TableJournal?
        if let directory = configuration.dataDirectory, !configuration.withoutJournal {
            do {
                journal = try TableJournal(
                    directory: directory,
                    compactionBytes: configuration.journalCompactionKilobytes * 1024,
                    logger: logger)
            } catch {
                logger.warning("\(error.description): tables will not survive a restart")
            }
        }
        return LobbyServer(
            configuration: configuration, logger: logger, recorder: gameLog, journal: journal)
    }

    /// Saves the game log's checkpoint at a clean shutdown, so the next start reads little.
    static func closeGameLog(of recorder: (any DealRecorder)?, logger: Logger) {
        guard let gameLog = recorder as? GameLog else { return }
        do {
            try gameLog.checkpoint()
        } catch {
            logger.warning("game log: \(error)")
        }
    }

    /// The megabytes of segments past which opening the log says how long reading them
    /// takes, and then how far it has come every few seconds.
    static let readingReportMegabytes = 64

    /// Logs how long reading the segments takes when there are many to read (no checkpoint
    /// covers them): what there is to read at first, then how far it has come and an
    /// estimate of the time left, after the first segment and every 5 s.
    private static func readingReport(_ logger: Logger) -> @Sendable (GameLogReading) -> Void {
        let lastReport = Locked(-1.0)
        return { reading in
            let megabytes = { (bytes: Int) in bytes / 1_048_576 }
            guard megabytes(reading.bytesTotal) >= readingReportMegabytes else { return }
            if reading.bytesRead == 0 {
                logger.info(
                    "game log: rebuilding its index from \(megabytes(reading.bytesTotal)) MB in "
                        + "\(reading.segments) segment(s) that no checkpoint covers, "
                        + "\(reading.threads) at a time; the server listens once it is done")
                return
            }
            let seconds = reading.seconds
            guard reading.bytesRead < reading.bytesTotal, seconds > 0,
                lastReport.withLock({ last in
                    guard last < 0 || seconds - last >= 5 else { return false }
                    last = seconds
                    return true
                })
            else { return }
            let rate = Double(reading.bytesRead) / seconds
            let left = Double(reading.bytesTotal - reading.bytesRead) / max(rate, 1)
            logger.info(
                "game log: \(megabytes(reading.bytesRead)) of \(megabytes(reading.bytesTotal)) "
                    + "MB read (\(Int(rate / 1_048_576)) MB/s), about \(Int(left.rounded(.up))) s left")
        }
    }

    private static func report(_ gameLog: GameLog, logger: Logger) {
        let recovery = gameLog.recovery
        let segments = gameLog.segmentNames
        let speed =
            recovery.secondsReplaying > 0.05
            ? String(
                format: " (%d MB in %.1f s, %.0f MB/s)", recovery.bytesReplayed / 1_048_576,
                recovery.secondsReplaying,
                Double(recovery.bytesReplayed) / 1_048_576 / recovery.secondsReplaying)
            : ""
        logger.info(
            "game log \(gameLog.directory): \(recovery.recordsLoaded) record(s) in "
                + "\(segments.count) segment(s), \(recovery.recordsReplayed) read "
                + (recovery.usedCheckpoint ? "after the checkpoint" : "without a checkpoint")
                + speed)
        if !recovery.missingSegments.isEmpty {
            logger.warning(
                "game log: segment(s) missing from the series: "
                    + recovery.missingSegments.joined(separator: ", ")
                    + " (their records are gone; a backup of the data directory has them)")
        }
        if !recovery.missingRecords.isEmpty {
            let gaps = recovery.missingRecords.prefix(10).map { gap in
                gap.count == 1 ? "\(gap.lowerBound)" : "\(gap.lowerBound)-\(gap.upperBound)"
            }
            let count = recovery.missingRecords.reduce(0) { $0 + $1.count }
            logger.warning(
                "game log: \(count) record number(s) are in no line: "
                    + gaps.joined(separator: ", ")
                    + (recovery.missingRecords.count > 10 ? ", …" : "")
                    + " (a segment removed, or a line that cannot be read)")
        }
        if recovery.tornTailBytes > 0 {
            logger.warning(
                "game log: cut a torn last line of \(recovery.tornTailBytes) bytes (a write "
                    + "interrupted by a crash)")
        }
        if !recovery.corruptLines.isEmpty {
            let listed = recovery.corruptLines.prefix(20).map(\.description)
            logger.warning(
                "game log: \(recovery.corruptLines.count) unreadable line(s) kept in place and "
                    + "skipped: \(listed.joined(separator: ", "))")
        }
    }
}
