import CardGames
import LobbyProtocol

/// A person at an E-Card table, for tests: reads its own events, has an ``ECardReferee``
/// check them, and lays a random card of its hand (fixed seed) whenever its card is awaited,
/// checking first that its `state` shows exactly the cards it holds.
final class ECardHuman: @unchecked Sendable {
    let player: TestPlayer
    /// The seat, or nil for a spectator (who only watches).
    let seat: Int?
    var referee: ECardReferee
    /// Cards laid, in order.
    private(set) var laid: [String] = []
    /// Problems besides the referee's.
    private(set) var problems: [String] = []
    private var held: [String] = []
    private var random: Xoshiro256StarStar

    init(_ player: TestPlayer, seat: Int?, referee: ECardReferee, seed: UInt64) {
        self.player = player
        self.seat = seat
        self.referee = referee
        self.random = Xoshiro256StarStar(seed: seed)
    }

    /// Every problem found, the referee's included.
    var allProblems: [String] { referee.problems + problems }

    /// Plays (or watches) until `matches` matches have ended in all.
    func play(untilMatches matches: Int) throws {
        while referee.matchesEnded < matches {
            let message = try player.next()
            referee.observe(message.event)
            switch message.event {
            case .ecardHand(let notice) where seat != nil:
                held = notice.cards ?? []
            case .ecardTurn(let turn) where turn.seat == seat:
                try layRandomCard()
            case .ecardReveal(let notice):
                if let seat, notice.cards[seat] != laid.last {
                    problems.append("reveal shows \(notice.cards[seat]), not \(laid.last ?? "-")")
                }
            case .error(let reply):
                throw TestFailure("unexpected error \(reply.code): \(reply.message)")
            default:
                break
            }
        }
    }

    private func layRandomCard() throws {
        let snapshot = try player.state()
        if snapshot.ecard?.cards?.sorted() != held.sorted() || snapshot.ecard?.seatToLay != seat {
            problems.append("state shows \(String(describing: snapshot.ecard)), holding \(held)")
        }
        let card = held.remove(at: Int.random(in: 0..<held.count, using: &random))
        laid.append(card)
        try player.send("lay \(card)")
    }
}
