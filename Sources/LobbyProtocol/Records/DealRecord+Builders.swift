import CardGames

extension DealRecord {
    /// The record of a finished Big Two deal dealt from `seed`.
    ///
    /// The record number is left for the server's game log to assign unless given.
    /// - Precondition: `deal` is over.
    public static func bigTwo(
        record: Int = 0, table: Int, tableName: String, dealNumber: Int, players: [String],
        rules: String? = nil, seed: DealSeed, deal: BigTwoDeal, finishedAt: Int64
    ) -> DealRecord {
        guard let result = deal.result else {
            preconditionFailure("a Big Two deal is recorded only once it is over")
        }
        return DealRecord(
            record: record, finishedAt: finishedAt, table: table, tableName: tableName,
            kind: .bigtwo, deal: dealNumber, players: players, rules: rules,
            options: deal.options, seed: seed.hex, commitment: seed.commitment,
            moves: recordedMoves(of: deal),
            result: DealOutcome(result))
    }

    /// The record of hand `handNumber` of an E-Card match, once that hand is decided.
    ///
    /// Each play of the hand gives two moves: the first layer's card, then the other seat's.
    /// - Precondition: hand `handNumber` of `match` is decided.
    public static func eCardHand(
        record: Int = 0, table: Int, tableName: String, matchNumber: Int, players: [String],
        match: ECardMatch, handNumber: Int, finishedAt: Int64
    ) -> DealRecord {
        guard let result = match.handResults.first(where: { $0.handNumber == handNumber }) else {
            preconditionFailure("an E-Card hand is recorded only once it is decided")
        }
        var moves: [DealMove] = []
        for play in match.plays where play.handNumber == handNumber {
            for seat in [play.firstLayer, 1 - play.firstLayer] {
                moves.append(DealMove(seat: seat, cards: play.card(of: seat).rawValue))
            }
        }
        return DealRecord(
            record: record, finishedAt: finishedAt, table: table, tableName: tableName,
            kind: .ecard, deal: matchNumber, hand: handNumber, players: players,
            ecard: match.options, moves: moves, result: DealOutcome(result))
    }
}

extension DealRecord {
    /// The record of a Big Two deal cut off before it ended (by shutdown, or because every
    /// person left): its seed revealed, the moves made so far, and no result.
    /// - Precondition: `deal` is not over.
    public static func abandonedBigTwo(
        record: Int = 0, table: Int, tableName: String, dealNumber: Int, players: [String],
        rules: String? = nil, seed: DealSeed, deal: BigTwoDeal, finishedAt: Int64
    ) -> DealRecord {
        precondition(!deal.isOver, "a finished deal is recorded with its result")
        return DealRecord(
            record: record, finishedAt: finishedAt, table: table, tableName: tableName,
            kind: .bigtwo, deal: dealNumber, players: players, rules: rules,
            options: deal.options, seed: seed.hex, commitment: seed.commitment,
            moves: recordedMoves(of: deal),
            result: nil, abandoned: true)
    }

    /// A Big Two deal's moves so far, as recorded.
    private static func recordedMoves(of deal: BigTwoDeal) -> [DealMove] {
        deal.history.map { move in
            DealMove(seat: move.seat, cards: move.play?.cards.notation ?? DealMove.passWord)
        }
    }
}
