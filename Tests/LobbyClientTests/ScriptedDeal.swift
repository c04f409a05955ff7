import CardGames
import LobbyProtocol

/// A whole Big Two deal played by greedy bots, as the stream of messages one seat receives.
struct ScriptedDeal {
    let seed: DealSeed
    let hands: [CardSet]
    /// The messages seat `seat` receives, in order, each with the true deal state just before
    /// it (for comparing views).
    var messages: [(ServerMessage, BigTwoDeal)] = []

    init(masterSeed: UInt64, seat: Int) {
        seed = DealSeed.derived(masterSeed: masterSeed, dealNumber: 1)
        hands = Dealer.deal(seed: seed)
        var deal = BigTwoDeal(hands: hands)
        let players: [String?] = ["a", "b", "c", "d"]
        let start = DealStart(
            table: 1, deal: 1, commitment: seed.commitment, seat: seat,
            hand: hands[seat].cards, players: players)
        messages.append((ServerMessage(.dealStart(start)), deal))
        let bot = GreedyBot()
        while !deal.isOver {
            let turn = TurnNotice(
                table: 1, seat: deal.currentSeat, canPass: deal.canPass, leading: deal.isLeading,
                mustInclude: deal.requiredCard, toBeat: deal.tablePlay?.cards.cards,
                deadline: nil)
            messages.append((ServerMessage(.turn(turn)), deal))
            let mover = deal.currentSeat
            let before = deal
            let move = bot.chooseMove(deal.view(for: mover))
            let outcome = try! deal.apply(move, by: mover)
            switch move {
            case .play(let cards):
                let notice = PlayNotice(
                    table: 1, seat: mover, cards: cards.cards,
                    combo: outcome.record.play!.kind.name, cardsLeft: deal.hands[mover].count)
                messages.append((ServerMessage(.play(notice)), before))
            case .pass:
                messages.append((ServerMessage(.pass(PassNotice(table: 1, seat: mover))), before))
            }
            if let leader = outcome.trickWonBy {
                messages.append(
                    (ServerMessage(.trick(TrickNotice(table: 1, leader: leader))), deal))
            }
        }
        let result = deal.result!
        let end = DealEnd(
            table: 1, deal: 1, winner: result.winner, hands: deal.hands.map(\.cards),
            cardsLeft: result.cardsLeft, penalties: result.penalties, scores: result.scores,
            totals: result.scores, liableSeat: result.liableSeat, seed: seed.hex,
            commitment: seed.commitment)
        messages.append((ServerMessage(.dealEnd(end)), deal))
    }
}
