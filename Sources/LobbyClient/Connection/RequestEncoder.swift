import CardGames
import Foundation
import LobbyProtocol

/// Encodes client requests as JSON lines in the wire form the server parses.
public struct RequestEncoder {
    private let encoder = WireCodec.makeEncoder()

    /// Creates an encoder (not shared between threads).
    public init() {}

    /// The request with its id as one JSON line, with the trailing newline.
    public func line(_ request: ClientRequest, id: RequestID?) -> Data {
        var data = (try? encoder.encode(WireRequest(request: request, id: id))) ?? Data()
        data.append(0x0A)
        return data
    }
}

/// One request on the wire: its body fields plus `type` and `id`.
private struct WireRequest: Encodable {
    let request: ClientRequest
    let id: RequestID?

    private enum Keys: String, CodingKey {
        case type, id, name, token, table, seat, cards, card, text, to, player, limit, cell, bets
    }

    func encode(to encoder: any Encoder) throws {
        if case .create(let create) = request {
            try create.encode(to: encoder)
        }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(request.type, forKey: .type)
        try container.encodeIfPresent(id, forKey: .id)
        switch request {
        case .hello(let name, let token):
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(token, forKey: .token)
        case .join(let table, let seat):
            try container.encode(table, forKey: .table)
            try container.encodeIfPresent(seat, forKey: .seat)
        case .watch(let table):
            try container.encode(table, forKey: .table)
        case .play(let cards):
            try container.encode(cards.map(\.notation), forKey: .cards)
        case .lay(let card):
            try container.encode(card.rawValue, forKey: .card)
        case .mark(let cell):
            try container.encode(TicTacToeCell.number(of: cell), forKey: .cell)
        case .flip(let cards):
            try container.encode(cards.map { $0 + 1 }, forKey: .cards)
        case .bet(let bets):
            try container.encode(bets, forKey: .bets)
        case .chat(let text, let scope):
            try container.encode(text, forKey: .text)
            try container.encodeIfPresent(scope, forKey: .to)
        case .history(let player, let limit):
            try container.encodeIfPresent(player, forKey: .player)
            try container.encodeIfPresent(limit, forKey: .limit)
        case .help, .ping, .list, .create, .leave, .start, .pass, .state, .leaderboard, .again,
            .restart:
            break
        }
    }
}
