import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// A bot playing a person's seat is narrated as the bot, never as the person, through a real
/// socket in text mode: after taking a seat mid-deal, and after missing turns.
@Suite("Text mode: a bot's moves are not narrated as yours")
struct BotNarrationTests {
    @Test("a seat taken mid-deal: the bot's turns and plays are the bot's, with its card count")
    func seatTakenMidDeal() throws {
        let server = try TestServer(seed: 24)
        let ann = try server.login("ann")
        try ann.request("create turn=0 games=2", expect: "created")
        ann.seat = 0
        try ann.request("start", expect: "deal_start")
        let cat = try server.textLogin("cat")
        try cat.send("join 1 1")
        _ = try cat.readLines { $0.hasPrefix("you joined table 1") }
        _ = try ann.playDeal()
        let lines = try cat.readLines { $0.hasPrefix("deal 2 starts") }
        for line in lines {
            #expect(!line.hasPrefix("you played"), "\(line)")
            #expect(!line.hasPrefix("you passed"), "\(line)")
            #expect(!line.hasPrefix("your turn"), "\(line)")
            #expect(!line.contains("you hold no cards"), "\(line)")
            #expect(!line.contains("your last card"), "\(line)")
        }
        #expect(
            lines.contains { $0.hasPrefix("the seat is yours from the next deal") }, "\(lines)")
        let botPlays = lines.filter { $0.hasPrefix("the bot playing for you played ") }
        let botMoves = botPlays + lines.filter { $0.hasPrefix("the bot playing for you passed") }
        #expect(!botMoves.isEmpty, "seat 1 moves after ann's first play: \(lines)")
        // Not "the bot playing for you to play", which reads as if it were cat's to play.
        #expect(!lines.contains { $0.hasPrefix("the bot playing for you to ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("the bot playing for you is to play") }, "\(lines)")
        for line in botPlays {
            #expect(
                line.range(of: #" · (\d+ cards? left|that was the last card)$"#, options: .regularExpression)
                    != nil, "\(line)")
        }
        #expect(lines.last?.contains("you hold ") == true, "deal 2 is cat's: \(lines.last ?? "")")
    }

    @Test("missed turns: once a bot plays for you, its moves are the bot's")
    func turnsMissed() throws {
        let server = try TestServer(seed: 24, timeoutsBeforeAway: 2)
        let ann = try server.textLogin("ann")
        try ann.send("create games=1 turn=1")
        _ = try ann.readLines { $0.hasPrefix("you created") }
        try ann.send("start")
        let lines = try ann.readLines { $0.hasPrefix("match over") }
        let away = try #require(
            lines.firstIndex { $0.hasPrefix("you missed too many turns") }, "\(lines)")
        let after = lines[away...]
        for line in after {
            #expect(!line.hasPrefix("you played"), "\(line)")
            #expect(!line.hasPrefix("you passed"), "\(line)")
            #expect(!line.hasPrefix("your turn"), "\(line)")
        }
        let botMoves = after.filter { $0.hasPrefix("the bot playing for you ") }
        #expect(!botMoves.isEmpty, "\(after)")
        for line in botMoves where line.hasPrefix("the bot playing for you played") {
            #expect(
                line.contains(" · you hold ") || line.hasSuffix("that was the last card"),
                "the hand is ann's and known: \(line)")
        }
    }
}
