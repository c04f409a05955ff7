import CardGames
import Foundation
import LobbyProtocol
import Testing
import TextMode

@Suite struct TextPresenterTests {
    typealias S = TextPresenterSamples

    /// Presents events in order at a fixed time (1 s after the epoch).
    func lines(_ events: [ServerEvent], ascii: Bool = false) -> [[String]] {
        var presenter = TextPresenter(ascii: ascii)
        return events.map { presenter.present(ServerMessage($0), nowMilliseconds: 1_000) }
    }

    @Test("every kind of event renders to at least one line, and none to JSON")
    func everyEventRendersAsText() {
        let covered = Set(S.events.map(S.ordinal))
        #expect(covered == Set(0..<S.caseCount))
        for (event, rendered) in zip(S.events, lines(S.events)) {
            #expect(!rendered.isEmpty, "\(event.type) rendered nothing")
            for line in rendered {
                #expect(!line.contains("{"), "\(event.type): \(line)")
                #expect(!line.isEmpty && !line.contains("\n"), "\(event.type): \(line)")
            }
        }
    }

    @Test func turnNamesThePlayToBeatAndShowsTheSortedHand() {
        let shown = lines(Array(S.events[11...16]))
        #expect(shown[0] == ["table 1: ann, bob, carol, bot 3"])
        #expect(
            shown[1] == [
                "deal 1 starts (game 1/3): ann, bob, carol, bot 3 · you hold 3♣ 4♦ 7♠ 9♥ 9♠ K♦"
            ])
        #expect(shown[2] == ["bot 3 to play (60 s)"])
        #expect(shown[3] == ["bob played 9♦ 9♣ (pair) · 5 cards left"])
        #expect(shown[4] == ["carol passed (time ran out)"])
        #expect(
            shown[5] == [
                "your turn (60 s): beat 9♦ 9♣ (pair, bob) or pass · you hold 3♣ 4♦ 7♠ 9♥ 9♠ K♦"
            ])
    }

    @Test func ownPlayShowsWhatIsLeftSorted() {
        let shown = lines(Array(S.events[11...17]))
        #expect(shown[6] == ["you played 9♥ 9♠ (pair) · you hold 3♣ 4♦ 7♠ K♦"])
    }

    @Test func dealEndNamesEveryoneWithScoresAndLeftoverHands() {
        let shown = lines(Array(S.events[11...21]))
        #expect(
            shown[10] == [
                "bob went out · ann −7, bob +20, carol −5, bot 3 −8",
                "  left in hand: ann 3♣ 4♦; carol 5♠; bot 3 6♥",
                "  totals ann −7, bob +20, carol −5, bot 3 −8",
                "  seed 5eed",
            ])
    }

    @Test func asciiSuitsAndSigns() {
        let shown = lines(Array(S.events[11...21]), ascii: true)
        #expect(
            shown[1] == [
                "deal 1 starts (game 1/3): ann, bob, carol, bot 3 | you hold 3C 4D 7S 9H 9S KD"
            ])
        #expect(shown[10][0].hasPrefix("bob went out | ann -7, bob +20, carol -5, bot 3 -8"))
        for line in shown.joined() {
            #expect(line.unicodeScalars.allSatisfy { $0.isASCII }, "\(line)")
        }
    }

    @Test func aBotPlayingForAnAwayPlayerIsNamedSo() {
        var presenter = TextPresenter()
        _ = presenter.present(
            ServerMessage(.joined(TableNotice(table: S.four, seat: 0))), nowMilliseconds: 0)
        let dropped = presenter.present(
            ServerMessage(
                .seat(
                    SeatControl(table: 1, seat: 1, player: "bob", bot: true, reason: "disconnected")
                )),
            nowMilliseconds: 0)
        #expect(dropped == ["bob dropped: a bot plays for bob until they come back"])
        let play = presenter.present(
            ServerMessage(
                .play(
                    PlayNotice(
                        table: 1, seat: 1, cards: S.cards("kc"), combo: "single", cardsLeft: 1))),
            nowMilliseconds: 0)
        #expect(play == ["bob's bot played K♣ (single) · 1 card left", "bob's bot has 1 card left!"])
        let back = presenter.present(
            ServerMessage(
                .seat(SeatControl(table: 1, seat: 1, player: "bob", bot: false, reason: "returned"))
            ),
            nowMilliseconds: 0)
        #expect(back == ["bob is back and plays again"])
    }

    @Test("a deal's 64-hex seed gets a short line of its own; history shows it whole")
    func longSeedsAreShortenedAtTheDealEnd() {
        let seed = String(repeating: "ab", count: 32)
        var presenter = TextPresenter()
        let end = DealEnd(
            table: 1, deal: 1, winner: 0, hands: [[], S.cards("3c")], cardsLeft: [0, 1],
            penalties: [0, 3], scores: [3, -3], totals: [3, -3], liableSeat: nil, seed: seed,
            commitment: "c0")
        let lines = presenter.present(ServerMessage(.dealEnd(end)), nowMilliseconds: 0)
        #expect(lines.last == "  seed abababababab… (history shows it whole)")
        #expect(lines.allSatisfy { $0.count < 100 }, "\(lines)")
        let entry = DealSummary(
            record: 4, finishedAt: 0, table: 1, tableName: "t", kind: .bigtwo, deal: 1,
            players: ["ann", "bob"], winner: 0, scores: [3, -3], seed: seed, commitment: "c0")
        let history = presenter.present(
            ServerMessage(.history(HistoryReply(deals: [entry]))), nowMilliseconds: 0)
        #expect(history.last == "  seed \(seed)")
    }

    @Test("one card left gets a line of its own, for everyone at the table")
    func oneCardLeftIsAnnounced() {
        var presenter = TextPresenter()
        _ = presenter.present(
            ServerMessage(.joined(TableNotice(table: S.four, seat: 0))), nowMilliseconds: 0)
        let theirs = presenter.present(
            ServerMessage(
                .play(PlayNotice(table: 1, seat: 2, cards: S.cards("5s"), combo: "single", cardsLeft: 1))),
            nowMilliseconds: 0)
        #expect(theirs == ["carol played 5♠ (single) · 1 card left", "carol has 1 card left!"])
        let two = presenter.present(
            ServerMessage(
                .play(PlayNotice(table: 1, seat: 2, cards: S.cards("6s"), combo: "single", cardsLeft: 2))),
            nowMilliseconds: 0)
        #expect(two.count == 1)
        let mine = presenter.present(
            ServerMessage(
                .play(PlayNotice(table: 1, seat: 0, cards: S.cards("7s"), combo: "single", cardsLeft: 1))),
            nowMilliseconds: 0)
        #expect(mine.last == "you have 1 card left!")
    }

    @Test("cards named in a rules error are written as the hand is, suits as symbols")
    func cardErrorsUseTheHandsNotation() {
        let notInHand = ServerEvent.error(.cardsNotInHand, "not in your hand: 5C TD")
        #expect(lines([notInHand]) == [["error (cards_not_in_hand): not in your hand: 5♣ 10♦"]])
        #expect(lines([notInHand], ascii: true) == [["error (cards_not_in_hand): not in your hand: 5C 10D"]])
        let first = ServerEvent.error(.mustIncludeLowestCard, "the first play must include 3D")
        #expect(lines([first]) == [["error (must_include_lowest_card): the first play must include 3♦"]])
        let other = ServerEvent.error(.invalidField, "field 'cards' must be 2D")
        #expect(lines([other]) == [["error (invalid_field): field 'cards' must be 2D"]])
    }

    @Test("help COMMAND shows that command's line and more about it")
    func helpForOneCommand() {
        var presenter = TextPresenter()
        presenter.helpTopic = "play"
        let help = ServerEvent.help(HelpReply(commands: PlainCommand.summary, text: "see"))
        let play = presenter.present(ServerMessage(help), nowMilliseconds: 0)
        #expect(play.first?.hasPrefix("play CARDS") == true)
        #expect(play.contains { $0.contains("3d 3c") })
        presenter.helpTopic = "m"
        #expect(presenter.present(ServerMessage(help), nowMilliseconds: 0).first?.hasPrefix("mark CELL") == true)
        presenter.helpTopic = "create"
        let create = presenter.present(ServerMessage(help), nowMilliseconds: 0)
        #expect(create[1].hasPrefix("        "), "the line that runs over comes along")
        presenter.helpTopic = "dance"
        #expect(
            presenter.present(ServerMessage(help), nowMilliseconds: 0)
                == ["no command 'dance': type help for the list"])
        #expect(presenter.present(ServerMessage(help), nowMilliseconds: 0).first == "commands:")
    }

    @Test("the prompt: the name, or the turn with its seconds left")
    func promptFollowsTheTurn() {
        var presenter = TextPresenter()
        _ = presenter.present(
            ServerMessage(.welcome(Welcome(name: "ann", token: "t", resumed: false))),
            nowMilliseconds: 0)
        _ = presenter.present(
            ServerMessage(.joined(TableNotice(table: S.four, seat: 0))), nowMilliseconds: 0)
        #expect(presenter.prompt(now: 0) == "ann> ")
        _ = presenter.present(
            ServerMessage(
                .turn(
                    TurnNotice(
                        table: 1, seat: 0, canPass: false, leading: true, mustInclude: nil,
                        toBeat: nil, deadline: 23_400))),
            nowMilliseconds: 0)
        #expect(presenter.prompt(now: 1_000) == "your turn 22s> ")
        _ = presenter.present(
            ServerMessage(.pass(PassNotice(table: 1, seat: 0))), nowMilliseconds: 0)
        #expect(presenter.prompt(now: 1_000) == "ann> ")
        _ = presenter.present(
            ServerMessage(.tictactoeTurn(TicTacToeTurnNotice(table: 1, seat: 0, mark: "o", deadline: nil))),
            nowMilliseconds: 0)
        #expect(presenter.prompt(now: 1_000) == "your turn> ")
    }

    @Test func tableListsNameEachGameAndOfferTheNextPage() {
        var presenter = TextPresenter()
        let kinds: [TableKind] = [.bigtwo, .ecard, .tictactoe, .memory, .roulette]
        let tables = kinds.map { S.table(["ann", nil], kind: $0, status: .waiting) }
        let lines = presenter.present(
            ServerMessage(.tables(TableList(tables: tables, nextCursor: 1))), nowMilliseconds: 0)
        let games = ["big two standard", "e-card", "tic-tac-toe", "memory", "roulette"]
        #expect(lines.count == 6)
        for (line, game) in zip(lines, games) {
            #expect(line.hasPrefix(#"table 1 "ann's table" (\#(game), greedy bots"#), "\(line)")
        }
        #expect(lines.last == "more tables: type list more")
    }

    @Test func aPlayerWhoLeftIsNamedAndTheirSeatIsFree() {
        var presenter = TextPresenter()
        _ = presenter.present(
            ServerMessage(.joined(TableNotice(table: S.four, seat: 0))), nowMilliseconds: 0)
        let left = presenter.present(
            ServerMessage(
                .seat(SeatControl(table: 1, seat: 1, player: "bob", bot: true, reason: "left"))),
            nowMilliseconds: 0)
        #expect(left == ["bob left: a bot plays the seat"])
        #expect(presenter.table?.seats[1].player == nil)
        #expect(presenter.table?.seats[1].bot == true)
    }

    @Test func tableEventsSayWhoCameWentOrWatches() {
        var presenter = TextPresenter()
        let waiting = S.table(["ann", nil, nil, nil], status: .waiting)
        _ = presenter.present(
            ServerMessage(.created(TableNotice(table: waiting, seat: 0))), nowMilliseconds: 0)
        let dave = presenter.present(
            ServerMessage(
                .table(TableNotice(table: S.table(["ann", nil, nil, "dave"], status: .waiting)))),
            nowMilliseconds: 0)
        #expect(dave == ["table 1: dave took a seat"])
        let eve = presenter.present(
            ServerMessage(
                .table(
                    TableNotice(
                        table: S.table(["ann", nil, nil, "dave"], status: .waiting, spectators: 1)))
            ),
            nowMilliseconds: 0)
        #expect(eve == ["table 1: 1 person watching"])
        let away = presenter.present(
            ServerMessage(
                .table(
                    TableNotice(
                        table: S.table(
                            ["ann", nil, nil, "dave"], status: .waiting, spectators: 1, away: [3])))
            ),
            nowMilliseconds: 0)
        #expect(away == ["table 1: dave is away"])
        let gone = presenter.present(
            ServerMessage(
                .table(
                    TableNotice(
                        table: S.table(["ann", nil, nil, nil], status: .playing, spectators: 1)))),
            nowMilliseconds: 0)
        #expect(gone == ["table 1: dave left the seat · the game is on (game 1/3)"])
    }

    @Test func deadlinesAreSecondsLeftFromNow() {
        var presenter = TextPresenter()
        _ = presenter.present(
            ServerMessage(.joined(TableNotice(table: S.four, seat: 0))), nowMilliseconds: 0)
        let turn = TurnNotice(
            table: 1, seat: 2, canPass: true, leading: false, mustInclude: nil, toBeat: nil,
            deadline: 1_796_057_826_765)
        let line = presenter.present(ServerMessage(.turn(turn)), nowMilliseconds: 1_796_057_816_800)
        #expect(line == ["carol to play (10 s)"])
    }

    @Test func errorsAreOneLineWithTheirCode() {
        #expect(lines([S.events[30]]) == [["error (not_your_turn): it is seat 2's turn"]])
    }

    @Test func helpIsOneReadableLinePerCommand() {
        let help = lines([S.events[2]])[0]
        #expect(help.first == "commands:")
        #expect(
            help.contains(
                "  mode text|json [ascii]  plain text lines or JSON lines (ascii: suits as letters)"
            ))
    }

    @Test func eCardHandTurnAndReveal() {
        var presenter = TextPresenter()
        let table = S.table(["ann", "bob"], kind: .ecard)
        _ = presenter.present(
            ServerMessage(.joined(TableNotice(table: table, seat: 0))), nowMilliseconds: 0)
        let shown = S.events[24...27].map {
            presenter.present(ServerMessage($0), nowMilliseconds: 0)
        }
        #expect(
            shown[0] == [
                "E-Card hand 1: you are the slave against bob · you hold slave citizen citizen citizen citizen"
            ])
        #expect(
            shown[1] == [
                "your turn: lay citizen|slave · you hold slave citizen citizen citizen citizen"
            ])
        #expect(shown[2] == ["bob laid a card face down"])
        #expect(
            shown[3] == [
                "play 1: ann slave vs bob emperor · you win hand 1 with the slave side for 5 · totals ann +5, bob −5"
            ])
    }
}

@Suite struct TextPresenterStateTests {
    @Test func stateAtTheFirstLeadNamesTheCardToInclude() {
        var presenter = TextPresenter()
        let snapshot = Snapshot(
            table: TextPresenterSamples.four, seat: 0, hand: TextPresenterSamples.cards("3d 5s"),
            game: DealView(
                deal: 1, commitment: "c", currentSeat: 0, leading: true, tablePlay: nil,
                tableCombo: nil, tableSeat: nil, cardCounts: [2, 13, 13, 13], passed: [],
                played: [], deadline: 31_400))
        let lines = presenter.present(ServerMessage(.state(snapshot)), nowMilliseconds: 1_000)
        #expect(lines.contains("  your turn (30 s): lead, including 3♦"))
        #expect(lines.contains("  you hold 3♦ 5♠"))
    }
}

@Suite struct TextPresenterSeatTests {
    @Test func theReceiverLosingTheirSeatToABotIsToldSo() {
        var presenter = TextPresenter()
        _ = presenter.present(
            ServerMessage(.welcome(Welcome(name: "ann", token: "t", resumed: false))),
            nowMilliseconds: 0)
        _ = presenter.present(
            ServerMessage(.joined(TableNotice(table: TextPresenterSamples.four, seat: 0))),
            nowMilliseconds: 0)
        let control = SeatControl(table: 1, seat: 0, player: "ann", bot: true, reason: "timeouts")
        #expect(
            presenter.present(ServerMessage(.seat(control)), nowMilliseconds: 0)
                == [
                    "you missed too many turns: a bot plays for you (type state to take the seat back)"
                ])
    }

    @Test func theHandFollowsTheChosenOrder() {
        var presenter = TextPresenter()
        presenter.order = .suit
        let start = DealStart(
            table: 1, deal: 1, commitment: "c", seat: 0,
            hand: TextPresenterSamples.cards("3s 4d 3d"), players: ["ann", nil, nil, nil])
        let line = presenter.present(ServerMessage(.dealStart(start)), nowMilliseconds: 0)
        #expect(line == ["deal 1 starts: ann, bot 1, bot 2, bot 3 · you hold 3♦ 4♦ 3♠"])
    }
}
