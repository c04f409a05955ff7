import Testing

@testable import CardGames

/// Bots only ever choose legal moves, under every rule variant, whatever the deal.
@Suite struct BotLegalityTests {
    static let variants: [BigTwoOptions] = [
        .standard,
        .taiwan,
        BigTwoOptions(bombs: true, passLocksOut: true, lastCardRule: true),
        BigTwoOptions(
            suitOrder: .taiwan, straights: .threeLow, flushOrder: .rankFirst,
            passLocksOut: true, lastCardRule: true, firstLeadSingle: true, scoring: .hongKong),
    ]

    @Test(arguments: variants.indices)
    func randomBotsNeverTryAnIllegalMove(variant: Int) {
        var illegal: [String] = []
        for number in 0..<1000 {
            let deal = playBotDeal(
                levels: [.random, .random, .random, .random], options: Self.variants[variant],
                dealNumber: number, illegal: &illegal)
            #expect(deal.isOver)
        }
        #expect(illegal.isEmpty, "\(illegal.prefix(3))")
    }

    @Test(arguments: variants.indices)
    func mixedBotsNeverTryAnIllegalMove(variant: Int) {
        let tables: [[BotLevel]] = [
            [.smart, .greedy, .random, .smart], [.smart, .smart, .smart, .smart],
            [.greedy, .smart, .greedy], [.smart, .random],
        ]
        var illegal: [String] = []
        for number in 0..<250 {
            let deal = playBotDeal(
                levels: tables[number % tables.count], options: Self.variants[variant],
                dealNumber: number, illegal: &illegal)
            #expect(deal.isOver)
        }
        #expect(illegal.isEmpty, "\(illegal.prefix(3))")
    }
}
