import Foundation
import Testing

@testable import LobbyClient

/// The fuzz bench's lines keep chat inside the server's chat budget, so the rest of the mix
/// reaches the server instead of the fuzzer being dropped for flooding every tenth of a second.
@Suite struct FuzzLinesTests {
    @Test func chatComesAtMostOncePerItsShareOfLines() {
        let chatEvery = FuzzBench.linesPerSecond / FuzzBench.chatPerSecond
        var lines = FuzzLines(seed: 7, chatEvery: chatEvery)
        let seconds = 10
        var chat = 0
        var kinds: Set<String> = []
        for _ in 0..<(FuzzBench.linesPerSecond * seconds) {
            let text = String(decoding: lines.next(), as: UTF8.self)
            if text.hasPrefix("chat ") || text.contains(#""type":"chat""#) { chat += 1 }
            if let type = text.split(separator: "\"").dropFirst(3).first, text.hasPrefix(#"{"type""#) {
                kinds.insert(String(type))
            }
        }
        #expect(chat >= 1)
        #expect(chat <= FuzzBench.chatPerSecond * seconds + 1)
        #expect(Double(chat) / Double(seconds) < 2.5, "the server's chat rate")
        // The rest of the mix is all there.
        for type in ["create", "join", "watch", "list", "who", "history", "mark", "bet"] {
            #expect(kinds.contains(type), "\(type)")
        }
    }

    @Test func withoutAPaceChatIsATenthOfTheMix() {
        var lines = FuzzLines(seed: 7)
        let chat = (0..<10_000).filter { _ in
            let text = String(decoding: lines.next(), as: UTF8.self)
            return text.hasPrefix("chat ") || text.contains(#""type":"chat""#)
        }.count
        #expect(chat > 400)
    }
}
