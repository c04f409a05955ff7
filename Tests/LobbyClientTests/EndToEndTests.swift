import CardGames
import Foundation
import LobbyProtocol
import LobbyServer
import Testing

@testable import LobbyClient

@Suite struct EndToEndTests {
    @Test func interactiveSessionPlaysAFullDealFromTypedLines() throws {
        let local = try LocalServer(seed: 2024)
        defer { local.stop() }
        let address = local.address
        let printed = LockedLines()
        let interactive = InteractiveSession(
            address: address, name: "ann", style: CardStyle(colour: false),
            output: TextOutput { printed.append($0) })
        try interactive.session.connect()
        defer { interactive.session.close() }
        interactive.handle(line: "create games=1 turn=0 greedy")
        #expect(interactive.session.wait(timeout: 10) { $0.table != nil })
        interactive.handle(line: "start")
        interactive.handle(line: "play 2s 2h 2c 2d")
        var moves = 0
        while interactive.session.wait(timeout: 10, until: { $0.isMyTurn || $0.matchOver }) {
            let state = interactive.session.state
            if state.matchOver { break }
            guard let view = state.deal?.view() else { continue }
            let plays = view.legalPlays()
            if let play = plays.first {
                let shown = CardStyle.sorted(view.hand, options: state.options)
                let indexes = play.cards.map { card in shown.firstIndex(of: card)! + 1 }
                interactive.handle(line: indexes.map(String.init).joined(separator: " "))
            } else {
                interactive.handle(line: "pass")
            }
            moves += 1
            #expect(interactive.session.wait(timeout: 10) { $0.turn != state.turn || $0.matchOver })
        }
        let state = interactive.session.state
        #expect(state.matchOver)
        #expect(state.finishedGames == 1)
        #expect(state.violations.isEmpty)
        #expect(moves > 0)
        let lines = printed.lines
        #expect(lines.contains { $0.contains("your hand: 1:") })
        #expect(lines.contains { $0.contains(" went out · ") })
        #expect(lines.contains { $0.contains("not_your_turn") || $0.contains("cards_not_in_hand")
            || $0.contains("does_not") || $0.contains("must_include") })
    }

    @Test func soakOfSeveralHundredDealsHasNoViolations() throws {
        let local = try LocalServer(seed: 2024)
        defer { local.stop() }
        let address = local.address
        let options = try SoakOptions(
            address: address, clients: 10, games: 300, tables: 4, seed: 3, bots: "greedy",
            timeout: 60)
        let report = try SoakCommand.soak(options, progress: .discard)
        #expect(report.passed)
        #expect(report.games == 300)
        #expect(report.violations == 0)
        #expect(report.errors == 0)
        #expect(report.messages > 0)
        let server = try #require(report.server)
        #expect(server.dealsFinished == 300)
        #expect(server.cpuMs > 0 && server.cpuMsPerDeal > 0)
        #expect(server.messagesOut >= report.messages)
        #expect(server.writeCalls > 0 && server.peakThreads > 0)
        let client = try #require(report.client)
        #expect(client.cpuMs > 0 && client.cpuMsPerDeal > 0 && client.cpuUsPerMessage > 0)
    }

    @Test(arguments: ["bigtwo", "ecard"])
    func autoplayFinishesAMatchWithoutViolations(kind: String) throws {
        let local = try LocalServer(seed: 2024)
        defer { local.stop() }
        let address = local.address
        let printed = LockedLines()
        let problems = LockedLines()
        let options = PlayOptions(
            address: address, name: "robot", bot: .smart, games: 1, create: true,
            kind: TableKind(rawValue: kind))
        let status = PlayCommand.run(
            options, output: TextOutput { printed.append($0) },
            errors: TextOutput { problems.append($0) })
        #expect(status == 0)
        #expect(problems.lines == [])
        if kind == "ecard" {
            #expect(printed.lines.filter { $0.hasPrefix("hand ") }.count == 12)
        } else {
            #expect(printed.lines.contains { $0.hasPrefix("deal 1: winner seat") })
        }
    }

    @Test func benchCountsPingRoundTrips() throws {
        let local = try LocalServer(seed: 2024, requestsPerSecond: 1_000_000)
        defer { local.stop() }
        let address = local.address
        let report = try BenchCommand.bench(BenchOptions(address: address, clients: 2, seconds: 0.3))
        #expect(report.requests > 0)
        #expect(report.errors == 0)
        #expect(report.latencyMs.p50 > 0)
        #expect(report.mode == "ping")
        #expect((report.server?.messagesIn ?? 0) >= report.requests)
    }

    @Test func benchListLoadMeasuresHelpWhileListersList() throws {
        let local = try LocalServer(seed: 2024)
        defer { local.stop() }
        let options = BenchOptions(
            address: local.address, seconds: 0.5, mode: .listLoad, tables: 6, listers: 2,
            listRate: 50, probeRate: 100)
        let report = try BenchCommand.bench(options)
        #expect(report.mode == "list-load")
        #expect(report.tables == 6)
        #expect(report.requests > 0 && report.errors == 0)
        #expect((report.backgroundLines ?? 0) > 0)
        let server = try #require(report.server)
        #expect(server.messagesIn >= report.requests + (report.backgroundLines ?? 0))
    }

    /// The canary answers pings while all-bot tables play, each watched. The run lasts until
    /// both have been seen (20 pings answered, 60 lines to the tables' people), however slow
    /// the machine; a run that sees neither in two minutes fails.
    @Test func benchCanaryPingsBesideWatchedBotTables() throws {
        let local = try LocalServer(seed: 2024, botDelayMilliseconds: 20)
        defer { local.stop() }
        let options = BenchOptions(address: local.address, mode: .canary, tables: 3, probeRate: 100)
        let report = try CanaryBench.run(options) { answered, lines, elapsed in
            (answered >= 20 && lines >= 60) || elapsed > 120
        }
        #expect(report.mode == "canary")
        #expect(report.tables == 3)
        #expect(report.requests >= 20 && report.errors == 0)
        #expect((report.backgroundLines ?? 0) >= 60)
        #expect(report.server != nil)
    }
}

/// Lines collected from another thread, with a wait for a line that matches.
final class LockedLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: [String] = []

    func append(_ line: String) {
        condition.lock()
        stored.append(line)
        condition.broadcast()
        condition.unlock()
    }

    var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return stored
    }

    /// The lines so far, once one matches `predicate` or `seconds` pass.
    func wait(seconds: Double, until predicate: (String) -> Bool) -> [String] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !stored.contains(where: predicate), condition.wait(until: deadline) {}
        return stored
    }
}
