import Dispatch
import LobbyProtocol

extension Lobby {
    /// The `stats` figures now. Runs on the lobby's queue and reads only counters and the
    /// lobby's own state, so it never waits for a table or the disk.
    func stats() -> StatsReply {
        dispatchPrecondition(condition: .onQueue(queue))
        let traffic = metrics.traffic.snapshot
        let counts = metrics.counts
        let process = ProcessFigures.current()
        let log = (recorder as? GameLog)?.counters
        var kinds: [String: Int] = [:]
        for table in tables.values { kinds[table.kind.rawValue, default: 0] += 1 }
        let uptime = ContinuousClock.now - metrics.started
        let closes = traffic.closes
        return StatsReply(
            uptimeSeconds: Double(uptime.components.seconds)
                + Double(uptime.components.attoseconds) / 1e18,
            connections: clients.count, sessions: players.count, tables: kinds,
            dealsStarted: counts.dealsStarted, dealsFinished: counts.dealsFinished,
            messagesIn: traffic.linesIn, bytesIn: traffic.bytesIn,
            messagesOut: traffic.messagesOut, bytesOut: traffic.bytesOut,
            writeCalls: traffic.writeCalls, rateLimited: counts.refused,
            disconnects: StatsReply.Disconnects(
                peerClosed: closes.peerClosed, outboundOverflow: closes.outboundOverflow,
                lineTooLong: closes.lineTooLong, flooding: counts.flooded,
                closedByServer: closes.closedByServer, error: closes.error),
            logRecords: log?.recordsWritten ?? 0, logSyncs: log?.syncsDone ?? 0,
            cpuSeconds: process.cpuSeconds, rssBytes: process.rssBytes,
            threads: process.threads)
    }

    /// Writes the `stats` figures as an info line every `seconds` (none when 0 or when the
    /// log level drops info lines).
    func startStatsLog(every seconds: Int) {
        guard seconds > 0, logger.level <= .info else { return }
        queue.async { [self] in
            guard statsTimer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + .seconds(seconds), repeating: .seconds(seconds))
            timer.setEventHandler { [self] in logger.info("stats: " + stats().summary) }
            statsTimer = timer
            timer.resume()
        }
    }
}
