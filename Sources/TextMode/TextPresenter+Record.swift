import CardGames
import LobbyProtocol

extension TextPresenter {
    /// A stored record for people: what it was and who played, the hands dealt (Big Two,
    /// re-dealt from the revealed seed), one line per move, and how it ended.
    func recordLines(_ record: DealRecord) -> [String] {
        let labels = record.labels
        func who(_ seat: Int) -> String {
            labels.indices.contains(seat) ? labels[seat] : "seat \(seat)"
        }
        let what =
            switch record.kind {
            case .bigtwo: "Big Two deal \(record.deal)"
            case .ecard: "E-Card match \(record.deal) hand \(record.hand ?? 1)"
            case .tictactoe: "tic-tac-toe round \(record.deal)"
            case .memory: "memory game \(record.deal)"
            case .roulette: "roulette round \(record.deal)"
            }
        var lines = [
            "#\(record.record) table \(record.table) \"\(record.tableName)\" \(what): "
                + labels.joined(separator: ", ")
                + (record.seed.map { "\(text.dot)seed \($0)" } ?? "")
        ]
        if record.kind == .bigtwo, let hex = record.seed, let seed = DealSeed(hex: hex) {
            let options = record.options ?? .standard
            for (seat, hand) in Dealer.deal(seed: seed, seats: record.players.count).enumerated() {
                lines.append("  dealt to \(who(seat)): \(text.hand(hand.cards, options: options))")
            }
        }
        for (index, move) in record.moves.enumerated() {
            lines.append("  \(index + 1). \(who(move.seat)) \(moveWords(move, kind: record.kind))")
        }
        if let result = record.result {
            let scores = zip(labels, result.scores).map { "\($0) \(text.signed($1))" }
            lines.append("  \(record.outcomeText)\(text.dot)\(scores.joined(separator: ", "))")
        } else {
            lines.append("  \(record.outcomeText)")
        }
        return lines
    }

    private func moveWords(_ move: DealMove, kind: TableKind) -> String {
        switch kind {
        case .bigtwo:
            if move.cards == DealMove.passWord { return "passed" }
            let cards = (try? Card.parseList(move.cards)) ?? []
            return "played " + (cards.isEmpty ? move.cards : text.cards(cards))
        case .ecard: return "laid the \(move.cards)"
        case .tictactoe: return "marked \(move.cards)"
        case .memory: return "flipped card \(move.cards)"
        case .roulette: return "bet \(move.cards)"
        }
    }
}
