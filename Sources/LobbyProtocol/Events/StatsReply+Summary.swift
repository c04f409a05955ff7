extension StatsReply {
    /// The figures as one line of text, for the server's log and for text mode.
    public var summary: String {
        let kinds = tables.keys.sorted().map { "\($0) \(tables[$0] ?? 0)" }
        let closes = disconnects
        let tableText: String = kinds.isEmpty ? "none" : kinds.joined(separator: ", ")
        let uptime: String = Self.fixed(uptimeSeconds, digits: 0)
        let cpu: String = Self.fixed(cpuSeconds, digits: 2)
        let ended: String =
            "\(closes.peerClosed) by peer, \(closes.outboundOverflow) too slow, "
            + "\(closes.lineTooLong) long line, \(closes.flooding) flooding, "
        let endedByServer: String = "\(closes.closedByServer) by server, \(closes.error) errors"
        var parts: [String] = []
        if status == .degraded {
            let held = "\(storage.heldRecords) results and \(storage.heldJournalLines) journal lines"
            let seeds =
                storage.dealNumbers == .failing
                ? ", deal numbers not recorded (seeds from the secure random source)" : ""
            parts.append(
                "DEGRADED: the disk refuses writes (\(storage.reason ?? "unknown")), \(held) held"
                    + seeds)
        }
        parts.append("up \(uptime) s")
        parts.append("\(connections) connections, \(sessions) sessions")
        parts.append("tables: " + tableText)
        parts.append("deals \(dealsStarted) started, \(dealsFinished) finished")
        parts.append("in \(messagesIn) lines, \(bytesIn) bytes")
        parts.append("out \(messagesOut) lines, \(bytesOut) bytes, \(writeCalls) writes")
        parts.append("rate-limited \(rateLimited)")
        parts.append("disconnects: " + ended + endedByServer)
        parts.append("log \(logRecords) records, \(logSyncs) syncs")
        parts.append("cpu \(cpu) s, rss \(rssBytes / 1_048_576) MiB, \(threads) threads")
        if let web {
            let responses = web.httpResponses.keys.sorted().map { "\($0) \(web.httpResponses[$0] ?? 0)" }
            parts.append(
                "web: \(web.httpConnections) http connections (\(responses.joined(separator: ", "))), "
                    + "\(web.websocketConnections) websockets, \(web.websocketsOpen) open")
        }
        return parts.joined(separator: "; ")
    }

    /// `value` with `digits` decimals, without Foundation's formatters.
    private static func fixed(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        guard digits > 0 else { return String(scaled) }
        let whole = scaled / Int(scale)
        let fraction = String(abs(scaled) % Int(scale))
        let padded = String(repeating: "0", count: digits - fraction.count) + fraction
        return (scaled < 0 && whole == 0 ? "-" : "") + "\(whole).\(padded)"
    }
}
