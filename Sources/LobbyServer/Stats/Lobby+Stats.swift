import Dispatch
import GameRecords
import LineServer
import LobbyProtocol

extension Lobby {
    /// The `stats` figures now. Runs on the lobby's queue and reads only counters and the
    /// lobby's own state, so it never waits for a table or the disk.
    func stats() -> StatsReply {
        dispatchPrecondition(condition: .onQueue(queue))
        let traffic = metrics.traffic.snapshot
        let counts = metrics.counts
        let process = ProcessFigures.current()
        let log = (recorder as? GameLog)?.writerStatistics
        var kinds: [String: Int] = [:]
        for (kind, count) in tableKinds { kinds[kind.rawValue] = count }
        let uptime = ContinuousClock.now - metrics.started
        let closes = traffic.disconnects
        let dealNumbers = seeds.numbersPart
        return StatsReply(
            uptimeSeconds: Double(uptime.components.seconds)
                + Double(uptime.components.attoseconds) / 1e18,
            connections: clients.count, sessions: players.count, tables: kinds,
            dealsStarted: counts.dealsStarted, dealsFinished: counts.dealsFinished,
            messagesIn: traffic.linesIn, bytesIn: traffic.bytesIn,
            messagesOut: traffic.messagesOut, bytesOut: traffic.bytesOut,
            writeCalls: traffic.writeCalls, rateLimited: counts.refused,
            disconnects: StatsReply.Disconnects(
                peerClosed: closes[.peerClosed, default: 0],
                outboundOverflow: closes[.slowClient, default: 0],
                lineTooLong: closes[.lineTooLong, default: 0],
                flooding: max(counts.flooded, closes[.flooding, default: 0]),
                closedByServer: closes[.closedByServer, default: 0],
                error: closes[.socketError, default: 0],
                idleTimeout: closes[.idleTimeout, default: 0],
                serverFull: closes[.serverFull, default: 0],
                perAddressCap: closes[.perAddressCap, default: 0],
                idleEvicted: closes[.idleEvicted, default: 0],
                protocolError: closes[.protocolViolation, default: 0]),
            logRecords: log?.entries ?? 0, logSyncs: log?.batches ?? 0,
            cpuSeconds: process.cpuSeconds, rssBytes: process.rssBytes,
            threads: process.threads,
            storage: storage.stats.withDealNumbers(dealNumbers.part, reason: dealNumbers.reason),
            web: configuration.web ? webStats() : nil)
    }

    /// The web side's totals, with status and close codes as text keys.
    private func webStats() -> StatsReply.Web {
        let web = metrics.web.snapshot
        func keyed<Key: BinaryInteger>(_ counts: [Key: Int]) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: counts.map { (String($0.key), $0.value) })
        }
        return StatsReply.Web(
            httpConnections: web.httpConnections, httpResponses: keyed(web.httpResponses),
            websocketConnections: web.webSocketConnections, websocketsOpen: web.webSocketsOpen,
            closeCodesReceived: keyed(web.closeCodesReceived),
            closeCodesSent: keyed(web.closeCodesSent))
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
