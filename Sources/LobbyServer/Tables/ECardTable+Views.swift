import CardGames
import LobbyProtocol

extension ECardTable {
    /// Per-seat totals over every hand decided at the table, in all its matches.
    var tableTotals: [Int] {
        zip(earlierTotals, match?.totals ?? [0, 0]).map { $0 + $1 }
    }

    /// The public description of the table.
    func makeInfo() -> TableInfo {
        TableInfo(
            id: id, kind: .ecard, name: settings.name, status: status, seats: seats.infos,
            rules: nil, options: nil, ecard: settings.options, bots: settings.botLevel.rawValue,
            spectators: seats.spectators.count, turnSeconds: settings.turnSeconds,
            games: settings.games, gamesPlayed: matchesPlayed, totals: tableTotals)
    }

    /// The table as `player` may see it: the public state of the match and only their own
    /// cards. A face-down card is counted as still held, so the counts tell nothing about it.
    func snapshot(for player: PlayerSession) -> Snapshot {
        let seat = seats.index(of: player)
        var view: ECardView?
        if status == .playing, let match, let firstLayer = match.firstLayer {
            let seatsList = Array(seats.indices)
            view = ECardView(
                hand: match.handNumber, play: match.playNumber, emperorSeat: match.emperorSeat,
                firstLayer: firstLayer, laid: seatsList.filter { match.hasLaid(seat: $0) },
                seatToLay: match.seatToLay,
                cardCounts: seatsList.map {
                    match.hand(of: $0).count + (match.hasLaid(seat: $0) ? 1 : 0)
                },
                cards: seat.map { match.hand(of: $0).cards.map(\.rawValue) },
                totals: match.totals)
        }
        return Snapshot(table: makeInfo(), seat: seat, hand: nil, deal: nil, ecard: view)
    }

    /// The start of the current hand for `seat`: its side and cards; for a spectator (nil)
    /// only who holds the Emperor side.
    func handNotice(_ match: ECardMatch, seat: Int?) -> ECardHandNotice {
        ECardHandNotice(
            table: id, hand: match.handNumber, emperorSeat: match.emperorSeat, seat: seat,
            side: seat.map { match.side(of: $0).rawValue },
            cards: seat.map { match.hand(of: $0).cards.map(\.rawValue) })
    }

    /// A revealed play as sent to everyone; `totals` are the match's after the play.
    func revealNotice(_ reveal: ECardReveal, totals: [Int]) -> ECardRevealNotice {
        let play = reveal.play
        let result = reveal.handResult
        return ECardRevealNotice(
            table: id, hand: play.handNumber, play: play.playNumber,
            cards: play.cards.map(\.rawValue),
            outcome: play.outcome.winner.map { "seat \($0)" } ?? "draw",
            winner: result?.winner, winningSide: result?.winningSide.rawValue,
            payout: result?.payout, totals: totals, matchOver: reveal.isMatchOver)
    }
}
