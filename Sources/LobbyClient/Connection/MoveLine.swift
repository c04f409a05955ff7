import CardGames
import LobbyProtocol

/// The requests a seated client sends with nearly every move (`play`, `pass`, `ready`,
/// `state`, `ping`, each with a numeric id), written straight into bytes from fixed pieces:
/// exactly the line the general request encoder writes for them, without building a tree.
enum MoveLine {
    /// The line with its newline, or nil for any other request or id (those go through the
    /// general encoder).
    static func bytes(_ request: ClientRequest, id: RequestID?) -> [UInt8]? {
        guard case .number(let number)? = id else { return nil }
        var line: [UInt8] = []
        line.reserveCapacity(64)
        switch request {
        case .play(let cards):
            line.append(contentsOf: #"{"cards":["#.utf8)
            for (index, card) in cards.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                line.append(UInt8(ascii: "\""))
                line.append(contentsOf: notations[Int(card.index)])
                line.append(UInt8(ascii: "\""))
            }
            line.append(contentsOf: #"],"id":"#.utf8)
            line.append(contentsOf: String(number).utf8)
            line.append(contentsOf: #","type":"play"}"#.utf8)
        case .pass, .ready, .state, .ping:
            line.append(contentsOf: #"{"id":"#.utf8)
            line.append(contentsOf: String(number).utf8)
            line.append(contentsOf: #","type":""#.utf8)
            line.append(contentsOf: request.type.utf8)
            line.append(contentsOf: #""}"#.utf8)
        default:
            return nil
        }
        line.append(0x0A)
        return line
    }

    /// Each card's notation (`3D`, `TS`), by deck index.
    private static let notations: [[UInt8]] = Card.deck.map { Array($0.notation.utf8) }

}
