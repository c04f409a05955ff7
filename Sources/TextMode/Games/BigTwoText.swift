import CardGames
import LobbyProtocol

/// Big Two events in words.
extension TextPresenter {
    /// The Big Two options of the table (standard when unknown).
    var options: BigTwoOptions { table?.options ?? .standard }

    /// The receiver's hand in the chosen order.
    func handText() -> String {
        hand.isEmpty ? "no cards" : text.cards(CardText.sorted(hand, by: order, options: options))
    }

    /// `9♦ 9♣ (pair, bob)`.
    func beatText(_ play: PlayNotice) -> String {
        "\(text.cards(play.cards)) (\(CardText.comboName(play.combo)), \(actor(play.seat)))"
    }

    mutating func dealStarted(_ start: DealStart) -> String {
        players = start.players
        toBeat = nil
        if let mine = start.seat { seat = mine }
        hand = start.hand ?? []
        let names = start.players.indices.map { name(of: $0) }.joined(separator: ", ")
        let game = table.map { " (game \(gameCounter($0)))" } ?? ""
        let held = start.hand == nil ? "" : "\(text.dot)you hold \(handText())"
        return "deal \(start.deal) starts\(game): \(names)\(held)"
    }

    mutating func turnLine(_ notice: TurnNotice, now: Int64) -> String {
        if notice.leading { toBeat = nil }
        let time = timeLeft(notice.deadline, now: now)
        guard isYou(notice.seat) else { return "\(toAct(notice.seat)) play\(time)" }
        var task: String
        if let play = toBeat, !notice.leading {
            task = "beat \(beatText(play)) or pass"
        } else if let cards = notice.toBeat, !notice.leading {
            task = "beat \(text.cards(cards)) or pass"
        } else {
            task = "lead anything"
        }
        if let card = notice.mustInclude { task = "lead, including \(text.card(card))" }
        return "your turn\(time): \(task)\(text.dot)you hold \(handText())"
    }

    /// The play, and a line of its own when the seat has one card left, so that nobody
    /// misses it at the end of a long line.
    mutating func played(_ notice: PlayNotice) -> [String] {
        toBeat = notice
        let cards = "\(text.cards(notice.cards)) (\(CardText.comboName(notice.combo)))"
        let late = timedOut(notice.timedOut)
        let left = notice.cardsLeft == 1 ? "1 card left" : "\(notice.cardsLeft) cards left"
        let alert = notice.cardsLeft == 1 ? [lastCardAlert(notice.seat)] : []
        if notice.seat == seat {
            // The hand is known only while the seat was dealt to the receiver; a seat taken
            // mid-deal has its cards with the bot until the next deal.
            let known = !hand.isEmpty
            hand.removeAll { notice.cards.contains($0) }
            let rest =
                notice.cardsLeft == 0
                ? (isYou(notice.seat) ? "that was your last card" : "that was the last card")
                : known ? "you hold \(handText())" : left
            return ["\(actor(notice.seat)) played \(cards)\(late)\(text.dot)\(rest)"] + alert
        }
        return ["\(actor(notice.seat)) played \(cards)\(late)\(text.dot)\(left)"] + alert
    }

    /// `bob has 1 card left!`, `you have 1 card left!`.
    func lastCardAlert(_ seatNumber: Int) -> String {
        isYou(seatNumber) ? "you have 1 card left!" : "\(actor(seatNumber)) has 1 card left!"
    }

    /// The deal's result, what was left in hand, the totals and the seed, a line each; the
    /// seed shortened (`history` shows it whole).
    mutating func dealEnded(_ end: DealEnd) -> [String] {
        hand = []
        toBeat = nil
        if var info = table, info.id == end.table {
            info.totals = end.totals
            info.adoptPlayerTotals(end.playerTotals)
            info.gamesPlayed = max(info.gamesPlayed, end.deal)
            table = info
        }
        let winner = "\(end.winner == seat ? actor(end.winner) : name(of: end.winner)) went out"
        var result = "\(winner)\(text.dot)\(scoreList(end.scores))"
        if let liable = end.liableSeat {
            result += "\(text.dot)\(name(of: liable)) paid for everyone"
        }
        var lines = [result]
        let held = end.hands.enumerated().filter { !$0.element.isEmpty }
            .map { "\(name(of: $0.offset)) \(text.hand($0.element, options: options))" }
        if !held.isEmpty { lines.append("  left in hand: " + held.joined(separator: "; ")) }
        lines.append("  totals \(totalsList(end.totals, own: end.playerTotals))")
        lines.append("  " + seedLine(end.seed))
        return lines
    }

    /// `seed 5eed0a1b2c3d… (history shows it whole)`: a revealed seed, short enough to read.
    func seedLine(_ seed: String) -> String {
        let shown = 12
        guard seed.count > shown + 4 else { return "seed \(seed)" }
        return "seed \(seed.prefix(shown))\(text.ascii ? "..." : "\u{2026}") (history shows it whole)"
    }
}
