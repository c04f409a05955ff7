import Testing

@testable import CardGames

@Suite struct TicTacToeTests {
    @Test func cellsAreNumberedRowByRowAndNamedByRowAndColumn() {
        #expect(TicTacToeCell.index(of: "1") == 0)
        #expect(TicTacToeCell.index(of: "5") == 4)
        #expect(TicTacToeCell.index(of: "9") == 8)
        #expect(TicTacToeCell.index(of: "a1") == 0)
        #expect(TicTacToeCell.index(of: "A3") == 6, "column a, row 3: bottom left")
        #expect(TicTacToeCell.index(of: "b2") == 4)
        #expect(TicTacToeCell.index(of: "c1") == 2, "column c, row 1: top right")
        #expect(TicTacToeCell.index(of: "c3") == 8)
        for bad in ["0", "10", "d1", "a4", "a0", "", "b", "55", "-1", "x"] {
            #expect(TicTacToeCell.index(of: bad) == nil, "\(bad)")
        }
        #expect(
            (0..<9).map(TicTacToeCell.name(of:)) == [
                "a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3",
            ])
    }

    @Test func aRowWinsAndScoresAPoint() throws {
        var match = TicTacToeMatch(first: .x)
        #expect(match.seatToMove == 1)
        for (cell, seat) in [(0, 1), (3, 0), (1, 1), (4, 0)] {
            #expect(try match.mark(cell, by: seat) == nil)
        }
        let result = try match.mark(2, by: 1)
        #expect(result == .win(.x, line: 0b111))
        #expect(match.score == [0, 1] && match.roundsPlayed == 1 && match.seatToMove == nil)
    }

    @Test func aFullBoardWithoutALineIsADrawWorthNothing() throws {
        var match = TicTacToeMatch(first: .o)
        // O X O / O X X / X O O
        let order = [0, 1, 2, 4, 3, 5, 7, 6, 8]
        var result: TicTacToeResult?
        for (turn, cell) in order.enumerated() {
            result = try match.mark(cell, by: turn % 2)
        }
        #expect(result == .draw)
        #expect(match.score == [0, 0] && match.roundsPlayed == 1)
    }

    @Test func refusedMarksChangeNothing() throws {
        var match = TicTacToeMatch(first: .o)
        try match.mark(4, by: 0)
        let before = match
        #expect(throws: TicTacToeError.notYourTurn) { try match.mark(0, by: 0) }
        #expect(throws: TicTacToeError.cellTaken(4)) { try match.mark(4, by: 1) }
        #expect(throws: TicTacToeError.noSuchCell) { try match.mark(9, by: 1) }
        #expect(throws: TicTacToeError.invalidSeat) { try match.mark(0, by: 2) }
        #expect(throws: TicTacToeError.roundInProgress) { try match.nextRound() }
        #expect(match == before)
    }

    @Test func theFirstMoveAlternatesBetweenRoundsAndTheScoreIsKept() throws {
        var match = TicTacToeMatch(first: .x)
        for (cell, seat) in [(0, 1), (3, 0), (1, 1), (4, 0), (2, 1)] {
            try match.mark(cell, by: seat)
        }
        #expect(throws: TicTacToeError.roundOver) { try match.mark(8, by: 0) }
        try match.nextRound()
        #expect(match.round == 2 && match.seatToMove == 0 && match.board == TicTacToeBoard())
        #expect(match.score == [0, 1])
        try match.mark(4, by: 0)
        #expect(match.seatToMove == 1)
    }

    @Test func restartNeedsBothSeats() throws {
        var match = TicTacToeMatch(first: .o)
        for (cell, seat) in [(0, 0), (3, 1), (1, 0), (4, 1), (2, 0)] {
            try match.mark(cell, by: seat)
        }
        try match.nextRound()
        #expect(try match.agreeToRestart(seat: 1) == false)
        #expect(match.score == [1, 0] && match.round == 2)
        #expect(try match.agreeToRestart(seat: 1) == false)
        #expect(try match.agreeToRestart(seat: 0) == true)
        #expect(match.score == [0, 0] && match.round == 1 && match.roundsPlayed == 0)
        #expect(match.seatToMove == 0 && match.restartVotes.isEmpty)
        #expect(throws: TicTacToeError.invalidSeat) { try match.agreeToRestart(seat: 5) }
    }

    @Test func theSolverKnowsTheEmptyBoardIsADrawAndSeesForcedWins() {
        #expect(TicTacToeSolver.value(mine: 0, theirs: 0) == 0)
        // The mover holds cells 0 and 1: cell 2 wins at once.
        #expect(TicTacToeSolver.winningMoves(mine: 0b11, theirs: 0b11000) == 0b100)
        #expect(TicTacToeSolver.bestMoves(mine: 0b11, theirs: 0b11000) == 0b100)
        // The opponent threatens 0,1,2: the only move that does not lose is the block.
        #expect(TicTacToeSolver.bestMoves(mine: 0b1_0001_0000, theirs: 0b11) & 0b100 != 0)
    }

    @Test func theTableOfBestCellsAgreesWithTheSearchInEveryReachablePosition() {
        var seen: Set<UInt32> = []
        var disagreements: [String] = []
        func visit(_ mine: UInt16, _ theirs: UInt16) {
            let open = TicTacToeBoard.full & ~(mine | theirs)
            guard open != 0, !TicTacToeBoard.hasLine(theirs),
                seen.insert(UInt32(mine) | UInt32(theirs) << 9).inserted
            else { return }
            let table = TicTacToeSolver.bestMoves(mine: mine, theirs: theirs)
            let search = TicTacToeSolver.searchBestMoves(mine: mine, theirs: theirs)
            if table != search { disagreements.append("\(mine) \(theirs): \(table) \(search)") }
            var rest = open
            while rest != 0 {
                let bit = rest & (0 &- rest)
                rest &= rest - 1
                visit(theirs, mine | bit)
            }
        }
        visit(0, 0)
        #expect(seen.count > 4000)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    private func playRound(_ kinds: [TicTacToeBot.Kind], first: TicTacToeMark, seed: UInt64)
        throws -> TicTacToeResult
    {
        var match = TicTacToeMatch(first: first)
        var rng = Xoshiro256StarStar(seed: seed)
        let bots = kinds.map(TicTacToeBot.init(kind:))
        while let seat = match.seatToMove {
            let cell = bots[seat].chooseCell(
                board: match.board, mark: TicTacToeMark(seat: seat), using: &rng)
            if let result = try match.mark(cell, by: seat) { return result }
        }
        Issue.record("the round never ended")
        return .draw
    }

    @Test func twoPerfectBotsAlwaysDraw() throws {
        for seed in 0..<300 as Range<UInt64> {
            let first: TicTacToeMark = seed % 2 == 0 ? .o : .x
            #expect(try playRound([.perfect, .perfect], first: first, seed: seed) == .draw)
        }
    }

    @Test func thePerfectBotNeverLosesToRandomOrCasual() throws {
        var perfectWins = 0
        for seed in 0..<400 as Range<UInt64> {
            let other: TicTacToeBot.Kind = seed % 2 == 0 ? .random : .casual
            let first: TicTacToeMark = seed % 4 < 2 ? .o : .x
            let result = try playRound([.perfect, other], first: first, seed: seed)
            #expect(result.winnerSeat != 1)
            if result.winnerSeat == 0 { perfectWins += 1 }
        }
        #expect(perfectWins > 100)
    }

    @Test func theCasualBotSometimesMissesAWinAndUsuallyTakesIt() {
        // X (the mover) holds 0 and 1; O holds 3 and 4 and threatens 5 too.
        let board = TicTacToeBoard(o: 0b11000, x: 0b11)
        let bot = TicTacToeBot(kind: .casual)
        var rng = Xoshiro256StarStar(seed: 7)
        var taken = 0
        let trials = 2000
        for _ in 0..<trials where bot.chooseCell(board: board, mark: .x, using: &rng) == 2 {
            taken += 1
        }
        let missRate = 1 - Double(taken) / Double(trials)
        #expect(abs(missRate - TicTacToeBot.missChance) < 0.05)
    }

    @Test func theRandomBotCoversEveryEmptyCell() {
        let board = TicTacToeBoard(o: 0b1, x: 0b10)
        var rng = Xoshiro256StarStar(seed: 3)
        var seen = Set<Int>()
        for _ in 0..<500 {
            seen.insert(TicTacToeBot(kind: .random).chooseCell(board: board, mark: .o, using: &rng))
        }
        #expect(seen == Set(2..<9))
    }
}
