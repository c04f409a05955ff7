/// Why the engine rejected a Big Two action. A rejected action changes nothing.
public enum BigTwoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The deal has ended.
    case dealOver
    /// The seat number is not 0…3.
    case invalidSeat(Int)
    /// It is another seat's turn.
    case notYourTurn(current: Int)
    /// No cards were given for a play.
    case emptyPlay
    /// The same card appears more than once in the play.
    case duplicateCards
    /// Some played cards are not in the player's hand.
    case cardsNotInHand(CardSet)
    /// The cards do not form a combination.
    case notACombination
    /// The play has a different number of cards from the one on the table.
    case wrongSize(expected: Int)
    /// The play does not beat the combination on the table.
    case doesNotBeat
    /// The player leads the trick and so may not pass.
    case cannotPassWhenLeading
    /// The first play of the deal must include this card.
    case mustIncludeLowestCard(Card)
    /// The first play of the deal must be this card on its own (table option).
    case mustLeadLowestCardAlone(Card)

    public var description: String {
        switch self {
        case .dealOver: "the deal is over"
        case .invalidSeat(let seat): "there is no seat \(seat)"
        case .notYourTurn(let current): "it is seat \(current)'s turn"
        case .emptyPlay: "no cards given"
        case .duplicateCards: "a card is listed twice"
        case .cardsNotInHand(let cards): "not in your hand: \(cards.notation)"
        case .notACombination: "those cards do not form a combination"
        case .wrongSize(let expected): "you must play \(expected) card(s) to follow"
        case .doesNotBeat: "that does not beat the cards on the table"
        case .cannotPassWhenLeading: "you lead this trick and may not pass"
        case .mustIncludeLowestCard(let card): "the first play must include \(card.notation)"
        case .mustLeadLowestCardAlone(let card): "the first play must be \(card.notation) alone"
        }
    }
}
