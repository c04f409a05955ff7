import CardGames

extension DealRecord {
    /// A seat's player as people say it: the name, or `bot (smart)` for `bot:smart`.
    public static func label(_ player: String) -> String {
        guard isBot(player) else { return player }
        return "bot (\(player.dropFirst("bot:".count)))"
    }

    /// The players as people say them.
    public var labels: [String] { players.map(Self.label) }

    /// The record as an entry of `history`: a Big Two deal, or one lone E-Card hand.
    public var summary: DealSummary { summary(moveCount: moves.count) }

    /// The entry of a record whose moves were not read (see GameRecords' `DealRecordHeadline`).
    public func summary(moveCount: Int) -> DealSummary {
        DealSummary(
            record: record, finishedAt: finishedAt, table: table, tableName: tableName,
            kind: kind, deal: deal, hand: hand, players: players, labels: labels,
            winner: result?.winner, scores: result?.scores ?? players.map { _ in 0 },
            seed: seed, commitment: commitment, abandoned: abandoned,
            outcome: outcomeText(moveCount: moveCount))
    }

    /// The end of the deal in words.
    public var outcomeText: String { outcomeText(moveCount: moves.count) }

    private func outcomeText(moveCount: Int) -> String {
        guard let result else { return "abandoned after \(moveCount) move(s)" }
        let winner = seatLabel(result.winner)
        switch kind {
        case .bigtwo:
            return "\(winner) went out"
        case .ecard:
            let side = result.winningSide.map { " with the \(Self.sideWord($0))" } ?? ""
            let play = result.decidingPlay.map { " on play \($0)" } ?? ""
            let won = result.scores.indices.contains(result.winner)
                ? " (\(Self.signed(result.scores[result.winner])))" : ""
            return "\(winner) won\(side)\(play)\(won)"
        case .tictactoe, .memory, .roulette:
            return result.winner < 0 ? "no winner" : "\(winner) won"
        }
    }

    /// The hand as a line of an E-Card `history` entry; nil for a record with no result.
    public var handSummary: ECardHandSummary? {
        guard let result, let hand else { return nil }
        return ECardHandSummary(
            record: record, hand: hand, winner: result.winner, winningSide: result.winningSide,
            decidingPlay: result.decidingPlay, scores: result.scores, outcome: outcomeText)
    }

    /// The `history` entry of an E-Card match from its hand records, oldest first; `total`
    /// is how many hands of the match the log holds (the list may be the latest few).
    /// - Precondition: `hands` is not empty.
    public static func matchSummary(hands: [DealRecord], total: Int) -> DealSummary {
        guard let last = hands.last else {
            preconditionFailure("a match entry lists at least one hand")
        }
        let listed = hands.compactMap(\.handSummary)
        var sums = last.players.map { _ in 0 }
        for hand in listed {
            for (seat, score) in hand.scores.enumerated() where seat < sums.count {
                sums[seat] += score
            }
        }
        let best = sums.max() ?? 0
        let leaders = sums.indices.filter { sums[$0] == best }
        let winner = leaders.count == 1 ? leaders.first : nil
        let labels = last.labels
        let over = "over \(listed.count) hand(s)"
        let outcome =
            winner.map { seat in
                "\(labels[seat]) \(signedChips(sums[seat])) \(over)"
            } ?? "level \(over)"
        return DealSummary(
            record: last.record, finishedAt: last.finishedAt, table: last.table,
            tableName: last.tableName, kind: .ecard, deal: last.deal, players: last.players,
            labels: labels, winner: winner, scores: sums, seed: nil, commitment: nil,
            outcome: outcome, hands: listed, handCount: total)
    }

    private func seatLabel(_ seat: Int) -> String {
        players.indices.contains(seat) ? Self.label(players[seat]) : "seat \(seat)"
    }

    private static func sideWord(_ side: ECardSide) -> String {
        switch side {
        case .emperor: "Emperor"
        case .slave: "Slave"
        }
    }

    private static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : "\(value)" }

    private static func signedChips(_ value: Int) -> String { "\(signed(value)) chips" }
}
