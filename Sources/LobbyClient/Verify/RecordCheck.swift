import CardGames
import GameRecords
import LobbyProtocol

/// The outcome of checking one game log record (``DealRecord``): for Big Two, the seed
/// against its commitment, every played card against the re-deal, and a replay to the
/// recorded result; for E-Card (which has no seed), the replay alone.
public enum RecordCheck: Equatable, Sendable {
    /// The Big Two deal checks out: commitment, re-deal and replay.
    case validDeal
    /// The abandoned Big Two deal checks out: commitment, re-deal, and every move so far legal
    /// with the deal still unfinished.
    case validAbandonedDeal
    /// The E-Card hand replays to its recorded result (there is no seed to check).
    case validECardHand
    /// A tic-tac-toe round, memory game or roulette round replays to its recorded result
    /// (memory and roulette from their seed, checked against the commitment); the kind is
    /// named.
    case validGame(TableKind)
    /// A Big Two record without a seed or a commitment; the field is named.
    case missingField(String)
    /// The seed is not 64 hexadecimal digits (or is all zero).
    case malformedSeed
    /// SHA-256 of the seed is not the recorded commitment.
    case commitmentMismatch(computed: String)
    /// The number of players cannot play the game.
    case invalidSeatCount(Int)
    /// A move's cards cannot be read. The index is 0-based.
    case unreadableMove(index: Int)
    /// A move lays cards the re-deal did not give to that seat. The index is 0-based.
    case cardsNotDealt(index: Int, seat: Int, cards: CardSet)
    /// The replay fails or ends differently from the record.
    case replayFailed(DealReplayError)

    /// True when the record checks out.
    public var isValid: Bool {
        switch self {
        case .validDeal, .validECardHand, .validAbandonedDeal, .validGame: true
        default: false
        }
    }

    /// Checks `record`.
    public static func check(_ record: DealRecord) -> RecordCheck {
        if record.kind == .bigtwo, let problem = seedProblem(record) { return problem }
        switch DealReplay.replay(record) {
        case .success:
            if record.isAbandoned { return .validAbandonedDeal }
            switch record.kind {
            case .bigtwo: return .validDeal
            case .ecard: return .validECardHand
            default: return .validGame(record.kind)
            }
        case .failure(let error): return .replayFailed(error)
        }
    }

    /// The first problem with a Big Two record's seed, commitment or played cards.
    private static func seedProblem(_ record: DealRecord) -> RecordCheck? {
        guard let seedText = record.seed else { return .missingField("seed") }
        guard let commitment = record.commitment else { return .missingField("commitment") }
        guard let seed = DealSeed(hex: seedText) else { return .malformedSeed }
        guard seed.commitment == commitment.lowercased() else {
            return .commitmentMismatch(computed: seed.commitment)
        }
        let seats = record.players.count
        guard (2...4).contains(seats) else { return .invalidSeatCount(seats) }
        let dealt = Dealer.deal(seed: seed, seats: seats)
        for (index, move) in record.moves.enumerated() where move.cards != DealMove.passWord {
            guard dealt.indices.contains(move.seat),
                let cards = try? Card.parseList(move.cards)
            else { return .unreadableMove(index: index) }
            let foreign = CardSet(cards).subtracting(dealt[move.seat])
            if !foreign.isEmpty {
                return .cardsNotDealt(index: index, seat: move.seat, cards: foreign)
            }
        }
        return nil
    }

    /// One line for people.
    public var explanation: String {
        switch self {
        case .validDeal:
            "OK: the seed matches the commitment, every card played was dealt to its player, "
                + "and the replay reaches the recorded result"
        case .validAbandonedDeal:
            "OK: abandoned deal; the seed matches the commitment and every move so far was legal "
                + "under the re-deal"
        case .validECardHand:
            "OK: E-Card hand (no seed to check) replays to the recorded result"
        case .validGame(.tictactoe):
            "OK: tic-tac-toe round (no seed to check) replays to the recorded result"
        case .validGame(let kind):
            "OK: \(kind.rawValue): the seed matches the commitment and the replay from it "
                + "reaches the recorded result"
        case .missingField(let field):
            "FAIL: the record has no \(field)"
        case .malformedSeed:
            "FAIL: the seed is not 64 hexadecimal digits (or is all zero)"
        case .commitmentMismatch(let computed):
            "FAIL: SHA-256 of the seed is \(computed), not the recorded commitment"
        case .invalidSeatCount(let count):
            "FAIL: \(count) players cannot play this game"
        case .unreadableMove(let index):
            "FAIL: move \(index + 1) cannot be read"
        case .cardsNotDealt(let index, let seat, let cards):
            "FAIL: move \(index + 1): seat \(seat) played \(cards.notation), "
                + "not dealt to that seat by the seed"
        case .replayFailed(let error):
            "FAIL: replay: \(error.description)"
        }
    }

    /// A label for reports: `record 3 (table 1 deal 2)`, or with the hand for E-Card.
    public static func label(_ record: DealRecord) -> String {
        let game =
            record.kind == .ecard
            ? "match \(record.deal) hand \(record.hand.map(String.init) ?? "?")"
            : "deal \(record.deal)"
        return "record \(record.record) (table \(record.table) \(game))"
    }
}
