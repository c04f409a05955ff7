import Foundation
import LobbyClient
import LobbyProtocol
import Locking
import Testing

/// Two people at the client's terminal, one taking a bot's seat in the middle of a deal, as a
/// game night has them: nothing the bot does is narrated as hers, the totals keep one rule,
/// and the checks of each deal say what they found.
@Suite struct SeatChangeTerminalTests {
    static let yourTurn = "your turn: cards, numbers, pass or hint"

    /// Answers every turn prompt of `terminal` until `marker` is drawn: the lowest card
    /// (legal whenever the seat leads), then `pass` (legal whenever it follows); whichever
    /// is refused changes nothing.
    static func playTurns(_ terminal: PseudoTerminal, until marker: String) throws {
        var answered = 0
        while true {
            let screen = try terminal.wait {
                $0.components(separatedBy: yourTurn).count - 1 > answered || $0.contains(marker)
            }
            if screen.contains(marker) { return }
            answered = screen.components(separatedBy: yourTurn).count - 1
            terminal.enter("1")
            terminal.enter("pass")
        }
    }

    @Test("a seat taken mid-deal: the bot is narrated as the bot, totals and checks agree")
    func seatTakenMidDeal() throws {
        let local = try LocalServer(seed: 24)
        defer { local.stop() }
        let address = "127.0.0.1:\(local.address.port)"
        let bob = try PseudoTerminal(
            arguments: [address, "--name", "bob", "--create", "--games", "2"], columns: 120)
        try bob.wait(for: "== table 1")
        bob.enter("start")
        try bob.wait(for: Self.yourTurn)
        // The table waits for bob: cat takes the first free seat, a bot's, mid-deal.
        let cat = try PseudoTerminal(
            arguments: [address, "--name", "cat", "--join", "1"], columns: 120)
        try cat.wait(for: "the seat is yours from the next deal")
        let catPlays = DispatchQueue(label: "cat")
        let catDone = DispatchSemaphore(value: 0)
        let catFailure = Locked<String?>(nil)
        catPlays.async {
            do {
                try Self.playTurns(cat, until: "match over")
            } catch {
                catFailure.withLock { $0 = "\(error)" }
            }
            catDone.signal()
        }
        try Self.playTurns(bob, until: "match over")
        catDone.wait()
        #expect(catFailure.value == nil, "\(catFailure.value ?? "")")

        let catLines = PseudoTerminal.visibleLines(cat.screen)
        let firstDeal = catLines.prefix { !$0.hasPrefix("deal 2 starts") }
        #expect(firstDeal.count < catLines.count, "deal 2 began")
        #expect(!firstDeal.contains { $0.contains(Self.yourTurn) }, "\(firstDeal)")
        #expect(!firstDeal.contains { $0.hasPrefix("you played") }, "\(firstDeal)")
        #expect(firstDeal.contains { $0.hasPrefix("the bot playing for you ") }, "\(firstDeal)")
        #expect(firstDeal.contains("  not checked: you held no hand in this deal"))

        let bobLines = PseudoTerminal.visibleLines(bob.screen)
        #expect(!bobLines.contains { $0.contains("MISMATCH") || $0.contains("check failed") })
        let checked = bobLines.filter {
            $0 == "  checked: the seed matches its commitment and the deal replays as played"
        }
        #expect(checked.count == 2, "\(bobLines.suffix(40))")
        #expect(
            bobLines.contains { $0.contains("totals ") && $0.contains("(cat's own ") },
            "the seat's total and cat's own: \(bobLines.suffix(40))")
    }
}
