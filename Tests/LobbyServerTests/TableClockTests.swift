import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// A table's timers share one dispatch timer, set for the earliest deadline and left alone
/// when a deadline moves later; these check over real sockets that a timer fires at its
/// latest deadline, never at one it was moved from.
@Suite("Table clock")
struct TableClockTests {
    @Test("a turn timer set again at every move fires only at its latest deadline")
    func movedTimersFireOnlyWhenDue() throws {
        let server = try TestServer(seed: 7)
        let (ann, bob) = try BroadcastDelayTests.ticTacToe(server, turnSeconds: 1)
        // Each move comes 0.6 s into its turn: past the deadline set at the turn before,
        // which the shared timer was armed for, but well within the mover's own second.
        for (seat, player, cell) in [(0, ann, 1), (1, bob, 4), (0, ann, 2)] {
            usleep(600_000)
            try player.send("mark \(cell)")
            let placed = try Self.mark(by: seat, seenBy: player)
            #expect(placed.cell == cell && placed.timedOut == nil)
        }
        // Bob does not move: his timer still fires, one second into his turn.
        let started = Date()
        let placed = try Self.mark(by: 1, seenBy: bob)
        #expect(placed.timedOut == true)
        #expect(Date().timeIntervalSince(started) > 0.2)
        #expect(!ann.lines.contains { $0.contains("timed_out") && $0.contains(#""seat":0"#) })
    }

    /// The next mark of `seat` that `player` sees.
    static func mark(by seat: Int, seenBy player: TestPlayer) throws -> TicTacToeMarkNotice {
        while true {
            if case .tictactoeMark(let mark) = try player.next().event, mark.seat == seat {
                return mark
            }
        }
    }
}
