import Testing

@testable import CardGames

@Suite struct BotLevelTests {
    @Test func eachLevelMakesItsBot() {
        #expect(BotLevel.random.makeBigTwoBot(seed: 1) is RandomBot<Xoshiro256StarStar>)
        #expect(BotLevel.greedy.makeBigTwoBot(seed: 1) is GreedyBot)
        #expect(BotLevel.smart.makeBigTwoBot(seed: 1) is SmartBot)
        #expect(BotLevel.expert.makeBigTwoBot(seed: 1) is ExpertBot)
        #expect((BotLevel.master.makeBigTwoBot(seed: 1) as? ExpertBot)?.budget == .master)
        #expect(
            BotLevel.allCases.map(\.rawValue) == ["random", "greedy", "smart", "expert", "master"])
        #expect(BotLevel.spelledOut == "random, greedy, smart, expert or master")
        #expect(BotLevel.alternatives == "random|greedy|smart|expert|master")
    }
}

@Suite struct RandomBotTests {
    @Test func choosesEveryLegalMoveIncludingThePassAboutEqually() {
        let view = seatView(hand: "4D 9C KS", counts: [10, 10, 10], table: "8H", tableSeat: 3)
        var bot = RandomBot(seed: 42)
        var counts: [BigTwoMove: Int] = [:]
        for _ in 0..<3000 { counts[bot.chooseMove(view), default: 0] += 1 }
        #expect(Set(counts.keys) == [.play(cards("9C")), .play(cards("KS")), .pass])
        #expect(counts.values.allSatisfy { (850...1150).contains($0) }, "\(counts)")
    }

    @Test func sameSeedSameChoices() {
        let view = seatView(hand: "3D 4C 5H 6S 7D 9C 9S", counts: [13, 13, 13])
        var first = RandomBot(seed: 7)
        var second = RandomBot(seed: 7)
        let a = (0..<50).map { _ in first.chooseMove(view) }
        let b = (0..<50).map { _ in second.chooseMove(view) }
        #expect(a == b)
        #expect(Set(a).count > 5)
    }

    @Test func neverPassesWhenLeading() {
        var bot = RandomBot(seed: 3)
        let view = seatView(hand: "5C 8D", counts: [4, 4, 4])
        for _ in 0..<200 { #expect(bot.chooseMove(view) != .pass) }
    }
}

@Suite struct GreedyBotTests {
    let bot = GreedyBot()

    @Test func leadsTheLowestCombinationWithTheMostCards() {
        let view = seatView(hand: "3C 4D 5H 6S 7D 9C 9S 9H JD JH 2S", counts: [11, 11, 11])
        // Five-card hands: straights 2-6 and 3-7, full houses of nines; 2-3-4-5-6 is lowest.
        #expect(bot.chooseMove(view) == .play(cards("2S 3C 4D 5H 6S")))
        let noFives = seatView(hand: "4D 8C 9H 9S 9D KC", counts: [7, 7, 7])
        #expect(bot.chooseMove(noFives) == .play(cards("9D 9H 9S")))
    }

    @Test func followsWithTheLowestBeatingCombination() {
        let single = seatView(hand: "4D 9C TS 2S", counts: [9, 9, 9], table: "8H", tableSeat: 3)
        #expect(bot.chooseMove(single) == .play(cards("9C")))
        let pair = seatView(hand: "5D 5S 9C 9H KD KS", counts: [9, 9, 9], table: "6C 6H",
                            tableSeat: 2)
        #expect(bot.chooseMove(pair) == .play(cards("9C 9H")))
    }

    @Test func prefersAPlayOfTheTableSizeToABomb() {
        let options = BigTwoOptions(bombs: true)
        let view = seatView(
            hand: "7D 7C 7H 7S 3C QD", counts: [9, 9, 9], table: "JS", tableSeat: 1,
            options: options)
        #expect(bot.chooseMove(view) == .play(cards("QD")))
        let onlyBomb = seatView(
            hand: "7D 7C 7H 7S 3C", counts: [9, 9, 9], table: "JS", tableSeat: 1, options: options)
        #expect(bot.chooseMove(onlyBomb) == .play(cards("7D 7C 7H 7S 3C")))
    }

    @Test func passesOnlyWhenItCannotPlay() {
        let view = seatView(hand: "4D 9C", counts: [9, 9, 9], table: "TH", tableSeat: 3)
        #expect(bot.chooseMove(view) == .pass)
    }
}

@Suite struct SmartBotTests {
    /// The heuristics' move: the end-game search has tests of its own.
    func move(_ view: BigTwoSeatView) -> BigTwoMove {
        var bot = SmartBot.heuristic
        return bot.chooseMove(view)
    }

    @Test func goesOutWhenItCan() {
        #expect(move(seatView(hand: "9C 9S", counts: [8, 8, 8])) == .play(cards("9C 9S")))
        #expect(
            move(seatView(hand: "3D 4C 5H 6S 8D", counts: [8, 8, 8], table: "4S 5D 6C 7H 8C",
                          tableSeat: 2)) == .pass)
    }

    @Test func firstLeadIncludesTheLowestCard() {
        let view = seatView(
            hand: "3D 3S 5C 6H 8D 9C TD JS QH KC AD 2H 2C", counts: [13, 13, 13],
            required: card("3D"))
        guard case .play(let played) = move(view) else {
            Issue.record("smart bot passed on the first lead")
            return
        }
        #expect(played.contains(card("3D")))
    }

    @Test func plansItsHandIntoFewCombinations() {
        let view = seatView(hand: "3D 4C 5H 6S 7D 9C 9S 9H JD JH KS KH 2S", counts: [13, 13, 13])
        let planner = SmartContext(view: view).planner
        let plan = planner.plan(view.hand)
        #expect(plan.combos.count <= 5, "\(plan.combos)")
        #expect(CardSet(plan.combos.flatMap(\.cards)) == view.hand)
        #expect(plan.combos.reduce(0) { $0 + $1.cards.count } == 13)
    }

    @Test func playsItsHighestSingleWhenTheNextSeatHoldsOneCard() {
        let view = seatView(hand: "7C KD 2S", counts: [1, 6, 6], table: "5H", tableSeat: 3)
        #expect(move(view) == .play(cards("2S")))
        let leading = seatView(hand: "4D 7C KD", counts: [1, 6, 6])
        #expect(move(leading) == .play(cards("KD")))
    }

    @Test func avoidsLeadingSinglesWhenAnOpponentHoldsOneCard() {
        let view = seatView(hand: "4C 4D 9H JS", counts: [5, 1, 5])
        #expect(move(view) == .play(cards("4C 4D")))
    }

    @Test func keepsAnUnbeatableTwoEarlyAndPlaysLowerCardsFreely() {
        let high = seatView(hand: "3C 4D 5H 7C 9S JD 2S", counts: [12, 12, 12], table: "QH",
                            tableSeat: 3)
        #expect(move(high) == .pass)
        let low = seatView(hand: "3C 4D 5H 7C 9S JD 2S", counts: [12, 12, 12], table: "8H",
                           tableSeat: 3)
        #expect(move(low) == .play(cards("9S")))
    }

    @Test func spendsTheTwoWhenAnOpponentIsAboutToGoOut() {
        let view = seatView(hand: "3C 4D 5H 7C 9S JD 2S", counts: [12, 12, 3], table: "QH",
                            tableSeat: 3)
        #expect(move(view) == .play(cards("2S")))
    }

    @Test func runsOffUnbeatableCombinationsBeforeTheLastOne() {
        #expect(move(seatView(hand: "5C 2S", counts: [6, 6, 6])) == .play(cards("2S")))
    }

    @Test func tracksPlayedCardsToKnowWhatIsUnbeatable() {
        let twosOut = seatView(hand: "7C AS", counts: [6, 6, 6])
        #expect(move(twosOut) == .play(cards("7C")))
        let twosPlayed = seatView(hand: "7C AS", counts: [6, 6, 6], played: "2D 2C 2H 2S")
        #expect(move(twosPlayed) == .play(cards("AS")))
    }

    @Test func playsAHighSingleThatTakesItOutOrLeavesOnlyWinners() {
        // An ace is kept back while a 2 could beat it and nobody is close to going out, unless
        // nothing else in the plan could lose: then it goes out, or clears the way for the 2.
        let last = seatView(hand: "AH", counts: [9, 9, 9], table: "9D", tableSeat: 3)
        #expect(move(last) == .play(cards("AH")))
        let beforeTheTwo = seatView(hand: "AH 2S", counts: [9, 9, 9], table: "9D", tableSeat: 3)
        #expect(move(beforeTheTwo) == .play(cards("AH")))
        let withALowCard = seatView(hand: "5C AH 2S", counts: [9, 9, 9], table: "9D", tableSeat: 3)
        #expect(move(withALowCard) == .pass)
    }

    @Test func aLowSingleCostsMoreThanAHigherOneEvenWhenBothAreLikelyToLose() {
        let view = seatView(hand: "3D 9D", counts: [13, 13, 13])
        let context = SmartContext(view: view)
        let low = context.planner.cost(of: context.rules.combo("3D"))
        let higher = context.planner.cost(of: context.rules.combo("9D"))
        #expect(low > higher && higher > 1, "\(low) \(higher)")
    }

    @Test func leadsTheLowestSingleFirstWithFourSinglesToShed() {
        let four = seatView(hand: "3C 5D 7H 9S JD JH", counts: [13, 13, 13])
        #expect(move(four) == .play(cards("3C")))
        let three = seatView(hand: "3C 5D 7H JD JH", counts: [13, 13, 13])
        #expect(move(three) == .play(cards("JD JH")))
    }

    /// `view` after seat 2 played 9♣ over seat 1's 3♥, a play far above the table.
    func atALooseTable(_ view: BigTwoSeatView) -> BigTwoSeatView {
        var loose = view
        loose.history = [
            BigTwoMoveRecord(seat: 1, play: view.rules.combo("3H")),
            BigTwoMoveRecord(seat: 2, play: view.rules.combo("9C")),
        ]
        return loose
    }

    /// Singles far above the table used to make the bot lead low singles and hold queens
    /// back; at all-smart tables that lost deals and points, so they change nothing now.
    @Test func leadsThePairWithTwoLowSinglesWhateverTheOthersPlayed() {
        let view = seatView(hand: "4C 7D JD JH QS", counts: [9, 9, 9])
        #expect(move(view) == .play(cards("JD JH")))
        #expect(move(atALooseTable(view)) == .play(cards("JD JH")))
    }

    @Test func keepsAnUnbeatableTwoUnlessTheSeatThatPlayedIsAboutToGoOut() {
        let otherSeatClose = seatView(
            hand: "3C 4D 5H 7C 9S JD 2S", counts: [3, 12, 12], table: "QH", tableSeat: 3)
        #expect(move(otherSeatClose) == .pass)
        let playerClose = seatView(
            hand: "3C 4D 5H 7C 9S JD 2S", counts: [12, 12, 3], table: "QH", tableSeat: 3)
        #expect(move(playerClose) == .play(cards("2S")))
    }

    @Test func spendsAnUnbeatableTwoWithTwoCombinationsLeftToLose() {
        let two = seatView(hand: "4C 5D 2S", counts: [9, 9, 9], table: "QH", tableSeat: 3)
        #expect(move(two) == .play(cards("2S")))
        let three = seatView(hand: "4C 5D 7H 2S", counts: [9, 9, 9], table: "QH", tableSeat: 3)
        #expect(move(three) == .pass)
    }

    @Test func spendsAQueenOverASingleWhateverTheOthersPlayed() {
        let view = seatView(hand: "5C 8D QH", counts: [9, 9, 9], table: "9S", tableSeat: 3)
        #expect(move(view) == .play(cards("QH")))
        #expect(move(atALooseTable(view)) == .play(cards("QH")))
    }

    @Test func breaksAPairToStopAnOpponentFromGoingOut() {
        let calm = seatView(hand: "4C 5D AC AD", counts: [9, 9, 9], table: "KD", tableSeat: 3)
        #expect(move(calm) == .pass)
        let urgent = seatView(hand: "4C 5D AC AD", counts: [9, 9, 2], table: "KD", tableSeat: 3)
        let played = move(urgent)
        #expect(played == .play(cards("AC")) || played == .play(cards("AD")))
    }
}
