import CardGames
import LobbyProtocol
import Testing
import TextMode

/// The small games on `nc`: boards drawn, players by name, pairs counted, the odds stated
/// and chips lost worded as losses.
@Suite struct SmallGameTextTests {
    typealias S = TextPresenterSamples

    /// A presenter seated at seat 0 of a two-seat table of `kind`, ann against a bot.
    func seated(_ kind: TableKind) -> TextPresenter {
        var presenter = TextPresenter()
        let table = S.table(["ann", nil], kind: kind)
        _ = presenter.present(ServerMessage(.joined(TableNotice(table: table, seat: 0))), nowMilliseconds: 0)
        return presenter
    }

    func show(_ presenter: inout TextPresenter, _ event: ServerEvent) -> [String] {
        presenter.present(ServerMessage(event), nowMilliseconds: 0)
    }

    @Test("the pause before the next deal counts down in whole seconds, never to 0")
    func readyCheckNeverReadsZero() {
        var presenter = seated(.bigtwo)
        let check = ServerMessage(.readyCheck(ReadyCheck(table: 1, deadline: 10_300, ready: [1])))
        #expect(
            presenter.present(check, nowMilliseconds: 10_000)
                == ["next deal in 1 s: type ready when you are · ready: bot 1"])
        #expect(presenter.present(check, nowMilliseconds: 5_500) == [
            "next deal in 5 s: type ready when you are · ready: bot 1"
        ])
    }

    @Test("tic-tac-toe: who moves first by name, cells by column and row, a 3×3 board")
    func ticTacToeBoardAndNames() {
        var presenter = seated(.tictactoe)
        let round = show(&presenter, .tictactoeRound(TicTacToeRoundNotice(table: 1, round: 1, first: "x", score: [0, 0])))
        #expect(round == ["tic-tac-toe round 1: bot 1 (X) moves first · you play O · rounds won: ann 0, bot 1 0"])
        let yours = show(&presenter, .tictactoeRound(TicTacToeRoundNotice(table: 1, round: 2, first: "o", score: [0, 1])))
        #expect(yours == ["tic-tac-toe round 2: you (O) move first · you play O · rounds won: ann 0, bot 1 1"])
        let mark = show(
            &presenter,
            .tictactoeMark(TicTacToeMarkNotice(table: 1, seat: 1, mark: "x", cell: 3, board: "..x......", timedOut: nil)))
        #expect(mark == ["bot 1 marked X on c1 (3)", "    a b c", "  1 . . X", "  2 . . .", "  3 . . ."])
        #expect(TicTacToeCell.index(of: "c1") == 2 && TicTacToeCell.index(of: "a3") == 6)
    }

    @Test("a resumed tic-tac-toe or memory player's state says the time left on the turn")
    func stateShowsTimeLeft() {
        var presenter = seated(.tictactoe)
        let board = TicTacToeView(
            round: 1, board: "....x....", first: "x", seatToMove: 0, roundOver: false,
            score: [0, 0], restartAgreed: [], deadline: 25_400)
        let table = S.table(["ann", nil], kind: .tictactoe)
        let lines = presenter.present(
            ServerMessage(.state(Snapshot(table: table, seat: 0, game: board))),
            nowMilliseconds: 1_000)
        #expect(lines.contains("  your move as O (24 s)"))
        var pairs = seated(.memory)
        let game = MemoryView(
            game: 1, pairs: 3, commitment: "c0", board: "......", seatToFlip: 1, first: nil,
            scores: [0, 0], deadline: 31_000)
        let memoryTable = S.table(["ann", nil], kind: .memory)
        let memoryLines = pairs.present(
            ServerMessage(.state(Snapshot(table: memoryTable, seat: 0, game: game))),
            nowMilliseconds: 1_000)
        #expect(memoryLines.contains("  bot 1 to flip (30 s)"))
    }

    @Test("memory: the board of face-down and found cards, and the pairs per player")
    func memoryBoardAndPairs() {
        var presenter = seated(.memory)
        let start = show(&presenter, .memoryStart(MemoryStartNotice(table: 1, game: 1, pairs: 3, commitment: "c0")))
        #expect(start == ["memory game 1: 3 pairs face down, cards 1 to 6 · commitment c0", "   1  2  3  4  5  6"])
        _ = show(&presenter, .memoryFlip(MemoryFlipNotice(table: 1, seat: 0, card: 2, face: "A", result: nil, scores: [0, 0], timedOut: nil)))
        let pair = show(&presenter, .memoryFlip(MemoryFlipNotice(table: 1, seat: 0, card: 5, face: "A", result: "pair", scores: [1, 0], timedOut: nil)))
        #expect(pair == ["you flipped card 5: A · a pair! you go again", "   1  A  3  4  A  6", "  pairs ann 1, bot 1 0"])
        _ = show(&presenter, .memoryFlip(MemoryFlipNotice(table: 1, seat: 0, card: 1, face: "B", result: nil, scores: [1, 0], timedOut: nil)))
        let miss = show(&presenter, .memoryFlip(MemoryFlipNotice(table: 1, seat: 0, card: 3, face: "C", result: "miss", scores: [1, 0], timedOut: nil)))
        #expect(miss[1] == "   1  A  3  4  A  6", "a miss turns both cards face down again")
        #expect(!miss.joined().contains("s0"), "players by name, never s0")
    }

    @Test("roulette: the payout odds, and losses worded as losses")
    func rouletteOddsAndLosses() {
        var presenter = seated(.roulette)
        let round = show(&presenter, .rouletteRound(RouletteRoundNotice(table: 1, round: 1, segments: 12, maxStake: 100, commitment: "c0")))
        #expect(round.first?.contains("a winning bet pays 11 to 1") == true, "\(round)")
        let spin = show(
            &presenter,
            .rouletteSpin(
                RouletteSpinNotice(
                    table: 1, round: 1, result: 4, payouts: [-7, 22], totals: [-7, 22], seed: "5eed",
                    commitment: "c0")))
        #expect(spin.first?.contains("you lost 7, bot 1 won 22") == true, "\(spin)")
        #expect(spin.first?.contains("won ann") == false)
    }
}
