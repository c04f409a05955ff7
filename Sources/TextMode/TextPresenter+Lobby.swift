import CardGames
import LobbyProtocol

/// Lobby and table life in words: tables, arrivals, seat changes, snapshots and records.
extension TextPresenter {
    /// The table's kind, rules, settings, bots, timer and game count in a few words.
    func describe(_ info: TableInfo) -> String {
        var parts = [gameName(info)] + settingWords(info)
        parts.append("\(info.bots) bots")
        parts.append(info.turnSeconds > 0 ? "\(info.turnSeconds) s turns" : "no timer")
        parts.append("game \(gameCounter(info))")
        return "table \(info.id) \"\(info.name)\" (\(parts.joined(separator: ", ")))"
    }

    /// The game in words: its name in lower case, and for Big Two its rules (`big two taiwan`).
    func gameName(_ info: TableInfo) -> String {
        let name = info.kind.displayName.lowercased()
        return info.kind == .bigtwo ? "\(name) \(info.rules ?? "standard")" : name
    }

    /// The settings of the small games: `o first`, `8 pairs`, `12 segments`,
    /// `stakes up to 100`.
    func settingWords(_ info: TableInfo) -> [String] {
        var words: [String] = []
        if let first = info.first { words.append("\(first) first") }
        if let pairs = info.pairs { words.append("\(pairs) pairs") }
        if let segments = info.segments { words.append("\(segments) segments") }
        if let maxStake = info.maxStake { words.append("stakes up to \(maxStake)") }
        return words
    }

    /// `2/5` or `2/∞` (`2/-` in ASCII): the game being played (or last played) of the limit.
    func gameCounter(_ info: TableInfo) -> String {
        let current = info.status == .playing ? info.gamesPlayed + 1 : info.gamesPlayed
        let limit = info.games.map(String.init) ?? (text.ascii ? "-" : "∞")
        return "\(current)/\(limit)"
    }

    /// `ann, bob (away), bot 2, (free)`: who holds each seat.
    func seatList(_ info: TableInfo) -> String {
        info.seats.map { seat in
            guard let player = seat.player else { return seat.bot ? "bot \(seat.seat)" : "(free)" }
            return seat.connected ? player : "\(player) (away)"
        }.joined(separator: ", ")
    }

    func tablesLines(_ list: TableList) -> [String] {
        if list.tables.isEmpty {
            return [
                continuing.tables
                    ? "no more tables: type list for the first page"
                    : "no tables to list: type create"
            ]
        }
        let lines = list.tables.map { info in
            let watching = info.spectators > 0 ? "\(text.dot)\(info.spectators) watching" : ""
            return "\(describe(info)) \(info.status.rawValue): \(seatList(info))\(watching)"
        }
        return lines + (list.nextCursor == nil ? [] : ["more tables: type list more"])
    }

    mutating func arrived(_ notice: TableNotice, event: ServerEvent) -> String {
        adopt(notice.table)
        seat = notice.seat
        let info = notice.table
        switch event {
        case .watching:
            return "you watch \(describe(info)): \(seatList(info))"
        case .created:
            return "you created \(describe(info)) and sit in it: \(seatList(info))\(text.dot)"
                + "type start when everyone is in (bots fill the free seats)"
        default:
            return "you joined \(describe(info)): \(seatList(info))"
        }
    }

    /// Says what changed since the table was last described: seats taken or left, people
    /// away or back, watchers, a game starting; or the seats when nothing visible changed.
    mutating func tableChanged(_ notice: TableNotice) -> String {
        let before = table
        adopt(notice.table)
        if let newSeat = notice.seat { seat = newSeat }
        let info = notice.table
        var changes: [String] = []
        if let before, before.id == info.id {
            for now in info.seats {
                let old = before.seats.first { $0.seat == now.seat }
                changes += seatChanges(from: old, to: now)
            }
            if info.spectators != before.spectators {
                changes.append(
                    info.spectators == 1 ? "1 person watching" : "\(info.spectators) watching")
            }
            if info.status != before.status {
                switch info.status {
                case .playing: changes.append("the game is on (game \(gameCounter(info)))")
                case .finished: changes.append("the table has finished")
                case .waiting: changes.append("the table waits for players")
                }
            }
        }
        let summary = changes.isEmpty ? seatList(info) : changes.joined(separator: text.dot)
        return "table \(info.id): \(summary)"
    }

    private func seatChanges(from old: SeatInfo?, to now: SeatInfo) -> [String] {
        let isMe = now.seat == seat
        switch (old?.player, now.player) {
        case (nil, let player?):
            return [isMe ? "you sit at the table" : "\(player) took a seat"]
        case (let player?, nil):
            return ["\(player) left the seat"]
        case (let a?, let b?) where a != b:
            return ["\(b) took \(a)'s seat"]
        default:
            break
        }
        guard let player = now.player, let old, !isMe else { return [] }
        if old.connected && !now.connected { return ["\(player) is away"] }
        if !old.connected && now.connected { return ["\(player) is back"] }
        return []
    }

    /// A bot taking over a seat, or its player coming back.
    mutating func seatChanged(_ control: SeatControl) -> String {
        if let info = table, info.id == control.table,
            let index = info.seats.firstIndex(where: { $0.seat == control.seat })
        {
            table?.seats[index].bot = control.bot
            let left = control.reason == "left"
            table?.seats[index].player = left ? nil : control.player ?? info.seats[index].player
            if left { table?.seats[index].connected = false }
        }
        let owner = control.player ?? "seat \(control.seat)"
        let isMe = control.seat == seat && control.player == name
        switch control.reason {
        case "disconnected":
            return "\(owner) dropped: a bot plays for \(owner) until they come back"
        case "timeouts":
            return isMe
                ? "you missed too many turns: a bot plays for you (type state to take the seat back)"
                : "\(owner) missed too many turns: a bot plays for \(owner)"
        case "returned":
            return isMe ? "you are back in your seat" : "\(owner) is back and plays again"
        case "left":
            return "\(owner) left: a bot plays the seat"
        case "reserved":
            return isMe
                ? "the seat is yours from the next deal: until then the bot playing for you "
                    + "plays it, with its cards"
                : "\(owner) takes the seat from the next deal: a bot plays it until then"
        case "joined":
            return isMe ? "you take over the seat from the bot" : "\(owner) took the seat from the bot"
        default:
            return control.bot
                ? "a bot plays for \(owner) (\(control.reason))"
                : "\(owner) plays again (\(control.reason))"
        }
    }

    mutating func stateLines(_ snapshot: Snapshot, now: Int64) -> [String] {
        adopt(snapshot.table)
        seat = snapshot.seat
        let info = snapshot.table
        var lines = ["\(describe(info)) \(info.status.rawValue): \(seatList(info))"]
        if info.totals.contains(where: { $0 != 0 }) {
            let own = info.seats.map(\.playerTotal)
            lines.append("  totals \(totalsList(info.totals, own: own))")
        }
        if let deal = snapshot.deal {
            if let hand = snapshot.hand { self.hand = hand }
            toBeat = deal.tablePlay.flatMap { cards in
                deal.tableSeat.map {
                    PlayNotice(
                        table: info.id, seat: $0, cards: cards, combo: deal.tableCombo ?? "",
                        cardsLeft: deal.cardCounts.indices.contains($0) ? deal.cardCounts[$0] : 0)
                }
            }
            let counts = deal.cardCounts.enumerated()
                .map { "\(name(of: $0.offset)) \($0.element)" }.joined(separator: ", ")
            lines.append("  deal \(deal.deal): cards left \(counts)")
            let first = deal.played.isEmpty ? ", including \(text.card(options.lowestCard))" : ""
            let beat = toBeat.map { "beat \(beatText($0))" } ?? "lead\(first)"
            let turn =
                isYou(deal.currentSeat) ? "your turn" : "\(toAct(deal.currentSeat)) play"
            lines.append("  \(turn)\(timeLeft(deal.deadline, now: now)): \(beat)")
            if snapshot.hand != nil { lines.append("  you hold \(handText())") }
        }
        if let view = snapshot.ecard {
            if let cards = view.cards { eCardCards = cards }
            let emperor =
                view.emperorSeat == seat
                ? "you have" : "\(name(of: view.emperorSeat)) has"
            var line = "  hand \(view.hand) play \(view.play): \(emperor) the emperor side"
            if let waiting = view.seatToLay {
                line += isYou(waiting) ? "; your turn to lay" : "; \(actor(waiting)) to lay"
            }
            lines.append(line)
            if view.cards != nil { lines.append("  you hold \(eCardCards.joined(separator: " "))") }
        }
        lines += smallGameStateLines(snapshot, now: now)
        return lines
    }

    /// A small game's board and whose move it is, for `state`.
    private mutating func smallGameStateLines(_ snapshot: Snapshot, now: Int64) -> [String] {
        if let view = snapshot.tictactoe {
            var lines = ["  round \(view.round)\(text.dot)rounds won: \(countList(view.score))"]
            lines += Self.ticTacToeBoard(view.board).map { "  " + $0 }
            if view.roundOver {
                lines.append("  the round is over: again for one more, restart to reset the score")
            } else if let mover = view.seatToMove {
                let mark = mover == 0 ? "O" : "X"
                let who = isYou(mover) ? "your move as" : "\(actor(mover)) to mark"
                lines.append("  \(who) \(mark)\(timeLeft(view.deadline, now: now))")
            }
            return lines
        }
        if let view = snapshot.memory {
            memoryBoard = Array(view.board)
            memoryFirst = view.first.map { $0 - 1 }
            var lines = ["  memory game \(view.game): \(view.pairs) pairs, cards 1 to \(view.pairs * 2)"]
            lines += memoryBoardLines().map { " " + $0 }
            lines.append("  pairs \(countList(view.scores))")
            if let mover = view.seatToFlip {
                let who = isYou(mover) ? "your turn" : actor(mover)
                lines.append("  \(who) to flip\(timeLeft(view.deadline, now: now))")
            }
            return lines
        }
        if let view = snapshot.roulette {
            var lines = [
                "  roulette round \(view.round): \(view.segments) segments, bets up to "
                    + "\(view.maxStake) chips, a winning bet pays \(view.segments - 1) to 1"
            ]
            for (seatNumber, bets) in view.bets.enumerated() where !bets.isEmpty {
                let placed = bets.map { "\($0.chips) on \($0.segment)" }.joined(separator: ", ")
                lines.append("  \(actor(seatNumber)) bet \(placed)")
            }
            if let mover = view.seatToBet {
                lines.append(isYou(mover) ? "  your bets" : "  \(actor(mover)) to bet")
            }
            return lines
        }
        return []
    }

    func historyLines(_ reply: HistoryReply) -> [String] {
        if reply.deals.isEmpty {
            return [
                continuing.history
                    ? "no older entries: type history for the latest" : "no finished deals yet"
            ]
        }
        var lines = reply.deals.flatMap { deal in
            let names = deal.labels ?? deal.players
            let scores = zip(names, deal.scores).map { "\($0) \(text.signed($1))" }
                .joined(separator: ", ")
            let winner = deal.winner.flatMap { names.indices.contains($0) ? names[$0] : nil }
            let outcome = deal.outcome ?? winner.map { "\($0) won" } ?? "no winner"
            // Big Two, the server's own game, goes without its name.
            let what =
                deal.kind == .bigtwo
                ? deal.kind.gameWord : "\(deal.kind.displayName) \(deal.kind.gameWord)"
            let entry =
                "#\(deal.record) table \(deal.table) \(what) \(deal.deal): \(outcome)"
                + "\(text.dot)\(scores)"
            return [entry] + (deal.seed.map { ["  seed \($0)"] } ?? [])
        }
        if reply.nextCursor != nil { lines.append("older entries: type history more") }
        return lines
    }

    func leaderboardLines(_ board: LeaderboardReply) -> [String] {
        if board.players.isEmpty {
            return [
                continuing.leaderboard
                    ? "no more rows: type leaderboard for the top" : "no scores yet"
            ]
        }
        let rows = board.players.enumerated().map { entry in
            let row = entry.element
            let wins = row.wins == 1 ? "1 win" : "\(row.wins) wins"
            let deals = row.deals == 1 ? "1 deal" : "\(row.deals) deals"
            return "\((board.start ?? 0) + entry.offset + 1). \(row.name) \(text.signed(row.score)) "
                + "(\(deals), \(wins))"
        }
        let more = board.nextCursor == nil ? [] : ["more: type leaderboard more"]
        return rows + more
    }
}
