import CardGames
import LobbyProtocol

/// At least one sample of every kind of server event, with optional fields present and absent
/// and text that JSON must escape, for the tests of every layer that writes or shows events.
public enum ServerEventSamples {
    public static let tricky = [
        "", "plain", "quote \" and backslash \\ and slash / and //", "tab\tnew\nline\rcr",
        String((0..<0x20).map { Character(Unicode.Scalar($0)) }) + "\u{7F}\u{80}\u{85}\u{9F}",
        "é ü 漢字 한국어", "emoji 😀👍🏽👨‍👩‍👧", "\u{2028}\u{2029}\u{FEFF}\u{202E}", "{\"type\":\"x\"}",
    ]

    public static let info = TableInfo(
        id: 1, kind: .bigtwo, name: tricky[2], status: .playing,
        seats: [
            SeatInfo(seat: 0, player: "ann", bot: false, connected: true),
            SeatInfo(seat: 1, player: nil, bot: true, connected: false),
        ],
        rules: "custom", options: .taiwan, ecard: nil, bots: "smart", spectators: 1,
        turnSeconds: 60, games: nil, gamesPlayed: 2, totals: [1, -1, 0, 0])

    public static let eCardInfo = TableInfo(
        id: 2, kind: .ecard, name: "e", status: .waiting,
        seats: [SeatInfo(seat: 0, player: "bob", bot: false, connected: true)],
        rules: nil, options: nil, ecard: .standard, bots: "random", spectators: 0,
        turnSeconds: 0, games: 3, gamesPlayed: 0, totals: [0, 0])

    /// A tic-tac-toe, a memory and a roulette table, each with its own settings.
    public static let smallGameInfos = [
        (TableKind.tictactoe, 2), (.memory, 3), (.roulette, 8),
    ].map { kind, seats in
        TableInfo(
            id: seats, kind: kind, name: "\(kind)", status: .waiting, seats: [], rules: nil,
            options: nil, ecard: nil, bots: "smart", spectators: 0, turnSeconds: 30, games: nil,
            gamesPlayed: 0, totals: Array(repeating: 0, count: seats),
            first: kind == .tictactoe ? "x" : nil, pairs: kind == .memory ? 26 : nil,
            segments: kind == .roulette ? 36 : nil, maxStake: kind == .roulette ? 1_000_000 : nil)
    }

    public static let cards = [Card(.three, .diamonds), Card(.ten, .spades), Card(.two, .hearts)]

    /// At least one sample of every kind of event, with optional fields present and absent.
    /// Samples the text presenter's tests use as they are: `stats` and the small games'
    /// events.
    public static let sharedSamples: [ServerEvent] = [
        .stats(
            StatsReply(
                uptimeSeconds: 42.5, connections: 2, sessions: 1, tables: ["ecard": 1, "bigtwo": 3],
                dealsStarted: 13, dealsFinished: 12, messagesIn: 61, bytesIn: 2_410,
                messagesOut: 1_402, bytesOut: 91_233, writeCalls: 1_388, rateLimited: 0,
                disconnects: StatsReply.Disconnects(
                    peerClosed: 3, outboundOverflow: 1, lineTooLong: 0, flooding: 0,
                    closedByServer: 0, error: 0),
                logRecords: 12, logSyncs: 12, cpuSeconds: 0.82, rssBytes: 19_922_944,
                threads: 7)),
        .tictactoeRound(TicTacToeRoundNotice(table: 4, round: 2, first: "x", score: [1, 0])),
        .tictactoeTurn(TicTacToeTurnNotice(table: 4, seat: 0, mark: "o", deadline: nil)),
        .tictactoeTurn(
            TicTacToeTurnNotice(table: 4, seat: 1, mark: "x", deadline: 1_796_057_826_765)),
        .tictactoeMark(
            TicTacToeMarkNotice(
                table: 4, seat: 1, mark: "x", cell: 4, board: "o...x....", timedOut: nil)),
        .tictactoeResult(
            TicTacToeResultNotice(table: 4, round: 2, winner: 1, line: [2, 4, 6], score: [1, 1])),
        .tictactoeResult(
            TicTacToeResultNotice(table: 4, round: 3, winner: nil, line: nil, score: [1, 1])),
        .tictactoeRestart(TicTacToeRestartNotice(table: 4, seat: 0, agreed: [0], restarted: false)),
        .memoryStart(MemoryStartNotice(table: 5, game: 1, pairs: 8, commitment: "c0ffee")),
        .memoryTurn(MemoryTurnNotice(table: 5, seat: 1, flip: 2, deadline: nil)),
        .memoryFlip(
            MemoryFlipNotice(
                table: 5, seat: 1, card: 3, face: "G", result: "match", scores: [0, 1],
                timedOut: nil)),
        .memoryEnd(
            MemoryEndNotice(
                table: 5, game: 1, scores: [3, 5], winners: [1], layout: "ABAB", seed: "5eed",
                commitment: "c0ffee", totals: [3, 5])),
        .rouletteRound(
            RouletteRoundNotice(table: 6, round: 1, segments: 12, maxStake: 100, commitment: "c")),
        .rouletteTurn(RouletteTurnNotice(table: 6, seat: 2, deadline: 1_796_057_826_765)),
        .rouletteBet(
            RouletteBetNotice(
                table: 6, seat: 2, bets: [RouletteStake(segment: 3, chips: 5)], timedOut: true)),
        .rouletteSpin(
            RouletteSpinNotice(
                table: 6, round: 1, result: 3, payouts: [0, 0, 55], totals: [0, 0, 50],
                seed: "5eed", commitment: "c")),
    ]

    public static let samples: [ServerEvent] = [
        .greeting(Greeting(protocol: 1, server: "bigtwo-server", hint: tricky[8])),
        .welcome(Welcome(name: "ann", token: "ab12", resumed: false)),
        .welcome(Welcome(name: tricky[5], token: "ab12", resumed: true, table: 3, seat: 2)),
        .help(HelpReply(commands: PlainCommand.summary, text: tricky[2])),
        .pong,
        .tables(TableList(tables: [info, eCardInfo])), .tables(TableList(tables: [])),
        .tables(TableList(tables: smallGameInfos, nextCursor: 8)),
        .created(TableNotice(table: info, seat: 0)), .created(TableNotice(table: eCardInfo)),
        .joined(TableNotice(table: info, seat: 1, spectator: false)),
        .watching(TableNotice(table: eCardInfo, spectator: true)),
        .left(LeftTable(table: 4)), .table(TableNotice(table: info)),
        .dealStart(
            DealStart(
                table: 1, deal: 1, commitment: "c0ffee", seat: 0, hand: cards,
                players: ["ann", nil, tricky[6], nil])),
        .dealStart(
            DealStart(
                table: 1, deal: 2, commitment: "c", seat: nil, hand: nil,
                players: [nil, nil, nil, nil])),
        .turn(
            TurnNotice(
                table: 1, seat: 2, canPass: true, leading: false, mustInclude: nil,
                toBeat: [cards[0]], deadline: nil)),
        .turn(
            TurnNotice(
                table: 1, seat: 0, canPass: false, leading: true, mustInclude: cards[0],
                toBeat: nil, deadline: 1_796_057_826_765)),
        .play(PlayNotice(table: 1, seat: 0, cards: cards, combo: "single", cardsLeft: 12)),
        .play(
            PlayNotice(
                table: 1, seat: 3, cards: [cards[1]], combo: "full_house", cardsLeft: 0,
                timedOut: true)),
        .pass(PassNotice(table: 1, seat: 1)), .pass(PassNotice(table: 1, seat: 2, timedOut: true)),
        .trick(TrickNotice(table: 1, leader: 0)),
        .dealEnd(
            DealEnd(
                table: 1, deal: 1, winner: 2, hands: [cards, [], [cards[1]], []],
                cardsLeft: [3, 0, 1, 0], penalties: [3, 0, 1, 0], scores: [-3, 4, -1, 0],
                totals: [-3, 4, -1, 0], liableSeat: nil, seed: "5eed", commitment: "c")),
        .dealEnd(
            DealEnd(
                table: 1, deal: 2, winner: 0, hands: [[], [], [], []], cardsLeft: [0, 1, 1, 1],
                penalties: [0, 1, 1, 1], scores: [3, -1, -1, -1], totals: [0, 0, 0, 0],
                liableSeat: 1, seed: "s", commitment: "c")),
        .matchEnd(MatchEnd(table: 1, games: 5, totals: [-5, 2, 2, 1])),
        .state(Snapshot(table: info, seat: nil)),
        .state(
            Snapshot(
                table: info, seat: 0, hand: cards,
                game: DealView(
                    deal: 3, commitment: "c", currentSeat: 1, leading: false,
                    tablePlay: [cards[0]], tableCombo: "single", tableSeat: 0,
                    cardCounts: [13, 12, 13, 13], passed: [2], played: cards,
                    deadline: 1_796_057_826_765))),
        .state(
            Snapshot(
                table: eCardInfo, seat: 1,
                game: ECardView(
                    hand: 2, play: 1, emperorSeat: 0, firstLayer: 0, laid: [0], seatToLay: 1,
                    cardCounts: [5, 5], cards: ["citizen", "slave"], totals: [1, -1]))),
        .ecardHand(
            ECardHandNotice(
                table: 2, hand: 1, emperorSeat: 0, seat: 0, side: "emperor",
                cards: ["emperor", "citizen"])),
        .ecardHand(
            ECardHandNotice(
                table: 2, hand: 1, emperorSeat: 1, seat: nil, side: nil, cards: nil)),
        .ecardTurn(ECardTurnNotice(table: 2, seat: 1, first: true, deadline: nil)),
        .ecardTurn(ECardTurnNotice(table: 2, seat: 0, first: false, deadline: 17)),
        .ecardLaid(ECardLaidNotice(table: 2, seat: 0)),
        .ecardLaid(ECardLaidNotice(table: 2, seat: 1, timedOut: true)),
        .ecardReveal(
            ECardRevealNotice(
                table: 2, hand: 1, play: 1, cards: ["citizen", "citizen"], outcome: "draw",
                winner: nil, winningSide: nil, payout: nil, totals: [0, 0], matchOver: false)),
        .ecardReveal(
            ECardRevealNotice(
                table: 2, hand: 4, play: 2, cards: ["slave", "emperor"], outcome: "seat 0",
                winner: 0, winningSide: "slave", payout: 5, totals: [5, -5], matchOver: true)),
        .seat(SeatControl(table: 1, seat: 2, player: "ann", bot: true, reason: "disconnected")),
        .seat(SeatControl(table: 1, seat: 2, player: nil, bot: true, reason: "left")),
        .chat(ChatMessage(from: "ann", text: tricky[4], scope: .table, table: 1)),
        .chat(ChatMessage(from: tricky[6], text: tricky[7], scope: .lobby, table: nil)),
        .history(
            HistoryReply(deals: [
                DealSummary(
                    record: 1, finishedAt: 1_796_057_826_765, table: 1, tableName: tricky[3],
                    kind: .bigtwo, deal: 1, players: ["ann", "bot:smart", "bob", "bot:random"],
                    winner: 0, scores: [3, -1, -1, -1], seed: "s", commitment: "c"),
                DealSummary(
                    record: 2, finishedAt: 1, table: 2, tableName: "e", kind: .ecard, deal: 1,
                    hand: 3, players: ["ann", "bot:mixed"], winner: 1, scores: [-1, 1],
                    seed: nil, commitment: nil),
            ])),
        .history(HistoryReply(deals: [])),
        .leaderboard(
            LeaderboardReply(players: [
                LeaderboardRow(name: "ann", deals: 3, wins: 1, score: -2),
                LeaderboardRow(name: tricky[5], deals: 1, wins: 1, score: 9),
            ])),
        .error(.doesNotBeat, tricky[2]), .error(.internalError, tricky[4]),
        .shutdown(ShutdownNotice(message: "the server is shutting down")),
        .storage(StorageNotice(table: 2, state: .failing, message: tricky[3])),
        .storage(StorageNotice(table: 2, state: .ok, message: "results are being saved again")),
        .mode(ModeReply(.json)), .mode(ModeReply(.text(ascii: true))),
        .hint(Self.bigTwoHint), .hint(Self.rouletteHint),
        .who(WhoReply(players: [])),
        .readyCheck(ReadyCheck(table: 4, deadline: 1_796_057_826_765, ready: [0, 2])),
        .record(
            DealRecord(
                record: 7, finishedAt: 1_796_057_826_765, table: 2, tableName: tricky[1],
                kind: .bigtwo, deal: 3, players: [tricky[5], "bot:smart", "bot:smart", "eve"],
                rules: "standard", options: .standard,
                seed: String(repeating: "ab", count: 32),
                commitment: String(repeating: "0f", count: 32),
                moves: [DealMove(seat: 0, cards: "3D 3C"), DealMove(seat: 1, cards: "pass")],
                result: DealOutcome(winner: 0, scores: [3, -1, -1, -1]))),
        .timer(TurnTimerNotice(table: 3, seat: 1, secondsLeft: 10, deadline: 1_796_057_826_765)),
        .who(
            WhoReply(players: [
                WhoEntry(name: tricky[5], table: 2, seat: 1), WhoEntry(name: "bob"),
                WhoEntry(name: "eve", table: 1, watching: true),
            ])),
    ] + sharedSamples + tricky.map { .error(.invalidField, $0) }

    public static let bigTwoHint = {
        var hint = HintReply(table: 1, seat: 2)
        hint.plays = [
            HintReply.Play(cards: [Card(.three, .diamonds), Card(.three, .spades)], combo: "pair"),
            HintReply.Play(cards: [], combo: "single"),
        ]
        hint.canPass = false
        return hint
    }()

    public static let rouletteHint = {
        var hint = HintReply(table: 4, seat: 0)
        hint.segments = [1, 2, 3]
        hint.maxChips = 100
        return hint
    }()

    /// A number per kind of event; the switch has no default, so a new kind of event does not
    /// compile until it is listed here (and then needs a sample to pass).
    public static func kindNumber(_ event: ServerEvent) -> Int {
        switch event {
        case .greeting: 0
        case .welcome: 1
        case .help: 2
        case .pong: 3
        case .tables: 4
        case .created: 5
        case .joined: 6
        case .watching: 7
        case .left: 8
        case .table: 9
        case .dealStart: 10
        case .turn: 11
        case .play: 12
        case .pass: 13
        case .trick: 14
        case .dealEnd: 15
        case .matchEnd: 16
        case .state: 17
        case .ecardHand: 18
        case .ecardTurn: 19
        case .ecardLaid: 20
        case .ecardReveal: 21
        case .seat: 22
        case .chat: 23
        case .history: 24
        case .leaderboard: 25
        case .error: 26
        case .shutdown: 27
        case .mode: 28
        case .who: 29
        case .timer: 30
        case .stats: 31
        case .tictactoeRound: 32
        case .tictactoeTurn: 33
        case .tictactoeMark: 34
        case .tictactoeResult: 35
        case .tictactoeRestart: 36
        case .memoryStart: 37
        case .memoryTurn: 38
        case .memoryFlip: 39
        case .memoryEnd: 40
        case .rouletteRound: 41
        case .rouletteTurn: 42
        case .rouletteBet: 43
        case .rouletteSpin: 44
        case .record: 45
        case .readyCheck: 46
        case .storage: 47
        case .hint: 48
        }
    }

    public static let kindCount = 49
}
