import CardGames
import Foundation
import LobbyClient
import LobbyProtocol
import Testing

@Suite struct RequestEncoderTests {
    private func roundTrip(_ request: ClientRequest, id: Int = 7) -> RequestEnvelope? {
        let line = RequestEncoder().line(request, id: .number(id))
        #expect(line.last == 0x0A)
        return try? RequestParser.parseJSON(line.dropLast()).get()
    }

    @Test(arguments: [
        ClientRequest.hello(name: "ann", token: nil),
        .hello(name: "ann", token: "abc"),
        .ping, .list(ListQuery()), .list(ListQuery(limit: 5, cursor: 9)), .leave, .start,
        .pass, .state, .help, .leaderboard(LeaderboardQuery()),
        .leaderboard(LeaderboardQuery(kind: .ecard, limit: 5, cursor: 20)),
        .join(table: 3, seat: nil), .join(table: 3, seat: 2), .watch(table: 4),
        .play([Card(.three, .diamonds), Card(.three, .clubs)]),
        .lay(.slave), .chat(text: "hi there", to: .lobby), .chat(text: "x", to: nil),
        .history(HistoryQuery(player: "bob", limit: 5)),
        .history(HistoryQuery(cursor: 40)),
        .create(
            CreateTable(
                kind: .bigtwo, bots: "greedy", games: 3, turnSeconds: 0,
                gameFields: [BigTwoCreateFields(rules: "taiwan")])),
        .create(CreateTable(kind: .ecard, allBots: true)),
    ])
    func requestsSurviveTheServerParser(request: ClientRequest) {
        let envelope = roundTrip(request)
        #expect(envelope == RequestEnvelope(id: .number(7), request: request))
    }

    @Test func playEncodesCardsAsNotationList() {
        let line = RequestEncoder().line(.play([Card(.ten, .spades)]), id: .number(1))
        let text = String(decoding: line, as: UTF8.self)
        #expect(text == #"{"cards":["TS"],"id":1,"type":"play"}"# + "\n")
    }
}
