import CardGames
import LobbyProtocol
import TestSupport
import TextMode

/// One sample message of every server event, for the text presenter's tests.
enum TextPresenterSamples {
    static func seats(_ names: [String?], away: Set<Int> = []) -> [SeatInfo] {
        names.enumerated().map {
            SeatInfo(
                seat: $0.offset, player: $0.element,
                bot: $0.element == nil || away.contains($0.offset),
                connected: $0.element != nil && !away.contains($0.offset))
        }
    }

    static func table(
        _ names: [String?], kind: TableKind = .bigtwo, status: TableStatus = .playing,
        spectators: Int = 0, away: Set<Int> = [], gamesPlayed: Int = 0
    ) -> TableInfo {
        TableInfo(
            id: 1, kind: kind, name: "ann's table", status: status,
            seats: seats(names, away: away), rules: kind == .bigtwo ? "standard" : nil,
            options: kind == .bigtwo ? .standard : nil, ecard: kind == .ecard ? .standard : nil,
            bots: "greedy", spectators: spectators, turnSeconds: 60, games: 3,
            gamesPlayed: gamesPlayed, totals: Array(repeating: 0, count: names.count))
    }

    static let four = table(["ann", "bob", "carol", nil])

    static func cards(_ text: String) -> [Card] { (try? Card.parseList(text)) ?? [] }

    /// The number of a kind of event (one switch without a default, shared with the encoder
    /// tests, so that a new kind of event does not compile until it is numbered there).
    static func ordinal(_ event: ServerEvent) -> Int { ServerEventSamples.kindNumber(event) }

    static let caseCount = ServerEventSamples.kindCount

    /// Every kind of event, in an order a session could see them.
    static let events: [ServerEvent] = [
        .greeting(Greeting(protocol: 1, server: "bigtwo-server", hint: "type help")),
        .welcome(Welcome(name: "ann", token: "ab12", resumed: false)),
        .help(HelpReply(commands: PlainCommand.summary, text: "see protocol.md")),
        .pong,
        .mode(ModeReply(.text(ascii: false))),
        .tables(TableList(tables: [four], nextCursor: 1)),
        .created(TableNotice(table: table(["ann", nil, nil, nil], status: .waiting), seat: 0)),
        .left(LeftTable(table: 1)),
        .watching(TableNotice(table: four, spectator: true)),
        .left(LeftTable(table: 1)),
        .joined(TableNotice(table: table(["bob", "ann", nil, nil], status: .waiting), seat: 1)),
        .table(TableNotice(table: four)),
        .dealStart(
            DealStart(
                table: 1, deal: 1, commitment: "c0", seat: 0,
                hand: cards("7s 3c 4d 9h 9s kd"), players: ["ann", "bob", "carol", nil])),
        .turn(
            TurnNotice(
                table: 1, seat: 3, canPass: false, leading: true, mustInclude: cards("3d")[0],
                toBeat: nil, deadline: 61_000)),
        .play(PlayNotice(table: 1, seat: 1, cards: cards("9d 9c"), combo: "pair", cardsLeft: 5)),
        .pass(PassNotice(table: 1, seat: 2, timedOut: true)),
        .turn(
            TurnNotice(
                table: 1, seat: 0, canPass: true, leading: false, mustInclude: nil,
                toBeat: cards("9d 9c"), deadline: 61_000)),
        .play(PlayNotice(table: 1, seat: 0, cards: cards("9h 9s"), combo: "pair", cardsLeft: 4)),
        .trick(TrickNotice(table: 1, leader: 0)),
        .seat(SeatControl(table: 1, seat: 1, player: "bob", bot: true, reason: "disconnected")),
        .chat(ChatMessage(from: "carol", text: "hi all", scope: .table, table: 1)),
        .dealEnd(
            DealEnd(
                table: 1, deal: 1, winner: 1,
                hands: [cards("3c 4d"), [], cards("5s"), cards("6h")],
                cardsLeft: [2, 0, 1, 1], penalties: [2, 0, 1, 1], scores: [-7, 20, -5, -8],
                totals: [-7, 20, -5, -8], liableSeat: nil, seed: "5eed", commitment: "c0")),
        .matchEnd(MatchEnd(table: 1, games: 3, totals: [-7, 20, -5, -8])),
        .state(
            Snapshot(
                table: four, seat: 0, hand: cards("3c 4d"),
                game: DealView(
                    deal: 2, commitment: "c1", currentSeat: 1, leading: false,
                    tablePlay: cards("8d"), tableCombo: "single", tableSeat: 2,
                    cardCounts: [2, 3, 4, 5], passed: [], played: cards("8d"), deadline: 30_000))),
        .ecardHand(
            ECardHandNotice(
                table: 1, hand: 1, emperorSeat: 1, seat: 0, side: "slave",
                cards: ["slave", "citizen", "citizen", "citizen", "citizen"])),
        .ecardTurn(ECardTurnNotice(table: 1, seat: 0, first: true, deadline: nil)),
        .ecardLaid(ECardLaidNotice(table: 1, seat: 1)),
        .ecardReveal(
            ECardRevealNotice(
                table: 1, hand: 1, play: 1, cards: ["slave", "emperor"], outcome: "seat 0",
                winner: 0, winningSide: "slave", payout: 5, totals: [5, -5], matchOver: false)),
        .history(
            HistoryReply(deals: [
                DealSummary(
                    record: 1, finishedAt: 0, table: 1, tableName: "t", kind: .bigtwo, deal: 1,
                    players: ["ann", "bob", "carol", "bot:greedy"], winner: 1,
                    scores: [-7, 20, -5, -8], seed: "5eed", commitment: "c0")
            ])),
        .leaderboard(
            LeaderboardReply(players: [LeaderboardRow(name: "bob", deals: 1, wins: 1, score: 20)])),
        .error(ErrorReply(code: .notYourTurn, message: "it is seat 2's turn")),
        .shutdown(ShutdownNotice(message: "server stopping")),
        .storage(StorageNotice(table: 1, state: .failing, message: "results cannot be saved")),
        .timer(TurnTimerNotice(table: 1, seat: 0, secondsLeft: 10, deadline: 1_796_057_826_765)),
        .who(
            WhoReply(players: [
                WhoEntry(name: "ann", table: 1, seat: 0), WhoEntry(name: "bob"),
                WhoEntry(name: "eve", table: 1, watching: true),
            ])),
        .readyCheck(ReadyCheck(table: 1, deadline: 6_000, ready: [1])),
        .record(
            DealRecord(
                record: 3, finishedAt: 0, table: 1, tableName: "t", kind: .tictactoe, deal: 2,
                players: ["ann", "bot:perfect"], moves: [DealMove(seat: 0, cards: "5")],
                result: nil, abandoned: true)),
        .hint(ServerEventSamples.bigTwoHint),
    ] + ServerEventSamples.sharedSamples
}
