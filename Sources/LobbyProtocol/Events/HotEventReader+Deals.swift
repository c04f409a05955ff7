import CardGames

/// `deal_start` and `deal_end`: one of each per deal for every seat, and each cost as much to
/// decode through the general decoder as dozens of moves.
extension HotEventReader {
    /// The deal start and its id, read from `fields` after the type; nil when any field is
    /// missing or of another kind, or `DealStart` has fields this reader does not know.
    static func dealStart(_ fields: inout HotEventFields) -> (DealStart, Int?)? {
        guard dealShapes.start, let commitment = fields.string("commitment"),
            let deal = fields.int("deal"), let hand = fields.optionalCards("hand")
        else { return nil }
        let id = fields.optionalInt("id")
        guard let players = fields.names("players") else { return nil }
        let seat = fields.optionalInt("seat")
        guard let table = fields.int("table") else { return nil }
        let start = DealStart(
            table: table, deal: deal, commitment: commitment, seat: seat, hand: hand,
            players: players)
        return (start, id)
    }

    /// The deal end and its id, read from `fields` after the type; nil when any field is
    /// missing or of another kind, or `DealEnd` has fields this reader does not know.
    static func dealEnd(_ fields: inout HotEventFields) -> (DealEnd, Int?)? {
        guard dealShapes.end, let cardsLeft = fields.ints("cards_left"),
            let commitment = fields.string("commitment"), let deal = fields.int("deal"),
            let hands = fields.cardLists("hands")
        else { return nil }
        let id = fields.optionalInt("id")
        let liableSeat = fields.optionalInt("liable_seat")
        guard let penalties = fields.ints("penalties"),
            let playerTotals = fields.optionalNullableInts("player_totals"),
            let scores = fields.ints("scores"),
            let seed = fields.string("seed"), let table = fields.int("table"),
            let totals = fields.ints("totals"), let winner = fields.int("winner")
        else { return nil }
        let end = DealEnd(
            table: table, deal: deal, winner: winner, hands: hands, cardsLeft: cardsLeft,
            penalties: penalties, scores: scores, totals: totals, liableSeat: liableSeat,
            seed: seed, commitment: commitment, playerTotals: playerTotals)
        return (end, id)
    }

    /// Whether each struct's stored properties are exactly those its reader fills, checked
    /// once: a field added later sends the event through the general decoder until the
    /// reader learns it.
    private static let dealShapes = (
        start: storedProperties(
            of: DealStart(table: 0, deal: 0, commitment: "", seat: nil, hand: nil, players: []),
            are: ["table", "deal", "commitment", "seat", "hand", "players"]),
        end: storedProperties(
            of: DealEnd(
                table: 0, deal: 0, winner: 0, hands: [], cardsLeft: [], penalties: [],
                scores: [], totals: [], liableSeat: nil, seed: "", commitment: ""),
            are: [
                "table", "deal", "winner", "hands", "cardsLeft", "penalties", "scores", "totals",
                "liableSeat", "seed", "commitment", "playerTotals",
            ])
    )

    private static func storedProperties(of value: Any, are names: [String]) -> Bool {
        let labels = Mirror(reflecting: value).children.compactMap(\.label)
        return labels.sorted() == names.sorted()
    }
}
