import CardGames
import LobbyClient
import LobbyProtocol
import Testing

/// A state that keeps no recent actions in words (a soak client's) checks and decides
/// exactly as one that keeps them.
@Suite struct QuietStateTests {
    /// Plays `messages` through a state that keeps recent actions and one that does not, each
    /// with its own autoplayer of the same seed; every answer and every violation must agree.
    private static func compare(_ messages: [ServerMessage]) -> SessionState {
        var shown = SessionState()
        var quiet = SessionState()
        quiet.keepsRecent = false
        var shownPlayer = AutoPlayer(level: .greedy, seed: 4)
        var quietPlayer = AutoPlayer(level: .greedy, seed: 4)
        for message in messages {
            shown.apply(message)
            quiet.apply(message)
            #expect(
                shownPlayer.respond(to: message, in: shown)
                    == quietPlayer.respond(to: message, in: quiet))
            #expect(shown.violations == quiet.violations)
            #expect(shown.finishedGames == quiet.finishedGames)
        }
        #expect(!shown.recent.isEmpty)
        #expect(quiet.recent.isEmpty)
        return quiet
    }

    @Test(arguments: 0..<4)
    func aQuietStateAnswersAndChecksEveryDealAlike(seat: Int) {
        for masterSeed in UInt64(200)..<210 {
            let script = ScriptedDeal(masterSeed: masterSeed, seat: seat)
            let quiet = Self.compare(script.messages.map(\.0))
            #expect(quiet.violations.isEmpty)
            #expect(quiet.finishedGames == 1)
        }
    }

    @Test func aQuietStateFindsTheSameFaults() throws {
        var messages = ScriptedDeal(masterSeed: 9, seat: 1).messages.map(\.0)
        let index = try #require(
            messages.lastIndex {
                if case .play = $0.event { return true }
                return false
            })
        guard case .play(var notice) = messages[index].event else {
            Issue.record("expected a 'play' message")
            return
        }
        notice.cardsLeft += 1
        messages[index] = ServerMessage(.play(notice))
        let quiet = Self.compare(messages)
        #expect(quiet.violations.contains { $0.contains("cards_left") })
    }
}
