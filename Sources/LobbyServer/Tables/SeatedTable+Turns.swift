import Dispatch
import Foundation
import LobbyProtocol

/// Whose turn it is, and who moves for them: the player before the timer runs out, or a bot.
extension SeatedTable {
    /// Tells everyone whose turn it is, then schedules the bot's move or the turn timer.
    func announceTurn() {
        dispatchPrecondition(condition: .onQueue(queue))
        serial += 1
        let turn = serial
        guard status == .playing, let seat = seatToAct else { return }
        let human = seats[seat].isHuman
        let seconds = settings.turnSeconds
        let timed = human && seconds > 0
        deadline = timed ? Self.nowMilliseconds() + Int64(seconds) * 1000 : nil
        broadcast(turnEvent(seat: seat))
        if human {
            guard timed else { return }
            queue.asyncAfter(deadline: .now() + .seconds(seconds)) { [self] in
                guard serial == turn else { return }
                timeOut(seat: seat)
            }
        } else {
            later { [self] in
                guard serial == turn else { return }
                botMove(seat: seat)
            }
        }
    }

    /// After `seat` changed hands: when its move is awaited, announce the turn again so that
    /// the new holder (bot, timer or person) takes it.
    func reannounceIfAwaiting(_ seat: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        if status == .playing, seatToAct == seat { announceTurn() }
    }

    /// Runs `work` on the queue after the bot delay.
    func later(_ work: @escaping @Sendable () -> Void) {
        if context.botDelay == .never || context.botDelay == .milliseconds(0) {
            queue.async(execute: work)
        } else {
            queue.asyncAfter(deadline: .now() + context.botDelay, execute: work)
        }
    }

    /// The time now, in Unix milliseconds.
    static func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }
}
