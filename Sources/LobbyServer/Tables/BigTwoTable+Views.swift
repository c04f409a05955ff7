import CardGames
import LobbyProtocol

extension BigTwoTable {
    /// The public description of the table.
    func makeInfo() -> TableInfo {
        TableInfo(
            id: id, kind: .bigtwo, name: settings.name, status: status, seats: seats.infos,
            rules: settings.rulesName, options: settings.options, ecard: nil,
            bots: settings.botLevel.rawValue, spectators: seats.spectators.count,
            turnSeconds: settings.turnSeconds, games: settings.games,
            gamesPlayed: match.dealsPlayed, totals: match.totals)
    }

    /// The table as `player` may see it: the public state and only their own hand.
    func snapshot(for player: PlayerSession) -> Snapshot {
        let seat = seats.index(of: player)
        var hand: [Card]?
        var view: DealView?
        if let deal, let seed, status == .playing, !deal.isOver {
            if let seat { hand = deal.hands[seat].cards }
            view = DealView(
                deal: dealNumber, commitment: seed.commitment, currentSeat: deal.currentSeat,
                leading: deal.isLeading, tablePlay: deal.tablePlay?.cards.cards,
                tableCombo: deal.tablePlay?.kind.name, tableSeat: deal.tableSeat,
                cardCounts: deal.hands.map(\.count),
                passed: deal.hands.indices.filter { deal.hasPassed($0) },
                played: deal.playedCards.cards, deadline: deadline)
        }
        return Snapshot(table: makeInfo(), seat: seat, hand: hand, deal: view, ecard: nil)
    }
}
