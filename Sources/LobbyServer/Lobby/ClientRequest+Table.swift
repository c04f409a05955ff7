import LobbyProtocol
import TableCore

extension ClientRequest {
    /// The table request a player at a table makes with this request, for the requests the
    /// lobby hands to the player's table as they are; nil for every other request.
    var tableRequest: TableRequest? {
        switch self {
        case .start: .start
        case .play(let cards): .move(.play(cards))
        case .pass: .move(.pass)
        case .lay(let card): .move(.lay(card))
        case .mark(let cell): .move(.mark(cell))
        case .again: .move(.again)
        case .restart: .move(.restart)
        case .flip(let cards): .move(.flip(cards))
        case .bet(let bets): .move(.bet(bets))
        case .state: .state
        case .hint: .hint
        case .ready: .ready
        default: nil
        }
    }
}
