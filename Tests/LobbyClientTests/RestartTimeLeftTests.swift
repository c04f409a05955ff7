import Foundation
import LobbyClient
import LobbyProtocol
import Testing
import TestSupport

/// The real server killed on a person's timed turn, its journal moved a minute into the past
/// (as if it had been down that long), and started again: the person resumes on the same
/// turn with the time they had left, not with a deadline that ran out while the server was
/// down, and no move is made for them meanwhile (the snapshot shows the cards played before
/// the kill, and no more).
@Suite(.serialized) struct RestartTimeLeftTests {
    @Test func aTurnKeepsItsTimeLeftAcrossADownMinute() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-time-left-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = [
            "--bot-delay-ms", "0", "--seed", "12", "--data-dir", data.path, "--log-level", "error",
        ]
        let first = try ServerProcess(arguments: arguments)
        let seen = TurnLog()
        let ann = ClientSession(
            address: ServerAddress(host: "127.0.0.1", port: first.port), name: "ann"
        ) { message, state in seen.note(message, seat: state.seat) }
        ann.reconnectPolicy = ReconnectPolicy(window: 60, firstDelay: 0.05, maxDelay: 0.2)
        try ann.connect()
        defer { ann.close() }
        let table = CreateTable(kind: .bigtwo, bots: "greedy", games: 1, turnSeconds: 30)
        #expect(try ann.call(.create(table)).event.type == "created")
        _ = try ann.call(.start)
        let before = try #require(seen.waitForTurn(count: 1))
        let killedAt = Self.nowMilliseconds()
        first.stop(signal: SIGKILL)
        let timeLeft = before.deadline - killedAt
        try Self.moveJournalBack(data.appendingPathComponent("tables.journal"), by: 60_000)

        let second = try ServerProcess(arguments: arguments, port: first.port)
        defer { second.stop(signal: SIGTERM) }
        let after = try #require(seen.waitForTurn(count: 2))
        let leftAfter = after.deadline - after.receivedAt
        #expect(
            leftAfter >= timeLeft - 2_000 && leftAfter <= timeLeft + 1_500,
            "time left \(timeLeft) ms before the kill, \(leftAfter) ms after")
        #expect(seen.movesBetweenTurns == 0)
        #expect(seen.cardsPlayedBefore == seen.cardsPlayedInSnapshot)
        #expect(seen.snapshotDeadline == after.deadline)
    }

    private static func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }

    /// Moves every time in the journal `milliseconds` earlier.
    private static func moveJournalBack(_ url: URL, by milliseconds: Int64) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #""at":(\d+)"#)
        var moved = ""
        var last = text.startIndex
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let whole = Range(match.range, in: text)!
            let digits = Range(match.range(at: 1), in: text)!
            moved += text[last..<whole.lowerBound]
            moved += "\"at\":\(Int64(text[digits])! - milliseconds)"
            last = whole.upperBound
        }
        moved += text[last...]
        try moved.write(to: url, atomically: true, encoding: .utf8)
    }
}

/// The `turn` events for the person's own seat, with when they arrived, the moves seen
/// between the first and the second, the cards played before the first, and the deadline and
/// cards played of the snapshot after resuming.
final class TurnLog: @unchecked Sendable {
    struct Turn {
        var deadline: Int64
        var receivedAt: Int64
    }

    private let condition = NSCondition()
    private var turns: [Turn] = []
    private var moves = 0
    private var resumedDeadline: Int64?
    private var cardsPlayed = 0
    private var resumedCardsPlayed: Int?

    func note(_ message: ServerMessage, seat: Int?) {
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        condition.lock()
        switch message.event {
        case .turn(let turn) where turn.seat == seat:
            if let deadline = turn.deadline {
                turns.append(Turn(deadline: deadline, receivedAt: now))
            }
        case .play(let play):
            if turns.count == 1 { moves += 1 }
            if turns.isEmpty { cardsPlayed += play.cards.count }
        case .pass:
            if turns.count == 1 { moves += 1 }
        case .state(let snapshot) where turns.count == 1:
            resumedDeadline = snapshot.deal?.deadline
            resumedCardsPlayed = snapshot.deal?.played.count
        default:
            break
        }
        condition.broadcast()
        condition.unlock()
    }

    var movesBetweenTurns: Int { condition.withLock { moves } }
    var snapshotDeadline: Int64? { condition.withLock { resumedDeadline } }
    var cardsPlayedBefore: Int { condition.withLock { cardsPlayed } }
    var cardsPlayedInSnapshot: Int? { condition.withLock { resumedCardsPlayed } }

    /// Waits up to 30 s for the `count`th turn and returns it.
    func waitForTurn(count: Int) -> Turn? {
        let deadline = Date(timeIntervalSinceNow: 30)
        condition.lock()
        defer { condition.unlock() }
        while turns.count < count {
            if !condition.wait(until: deadline) { break }
        }
        return turns.count >= count ? turns[count - 1] : nil
    }
}
