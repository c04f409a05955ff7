import Testing

@testable import CardGames

/// Bots only ever choose legal moves, under every rule variant, whatever the deal: 20,000
/// deals in all (16,000 between random bots, 4,000 between mixed levels).
@Suite struct BotLegalityTests {
    static let variants: [BigTwoOptions] = [
        .standard,
        .taiwan,
        BigTwoOptions(bombs: true, passLocksOut: true, lastCardRule: true),
        BigTwoOptions(
            suitOrder: .taiwan, straights: .threeLow, flushOrder: .rankFirst,
            passLocksOut: true, lastCardRule: true, firstLeadSingle: true, scoring: .hongKong),
    ]

    /// Each variant's 4,000 random-bot deals, in four chunks that run in parallel.
    @Test(arguments: variants.indices, 0..<4)
    func randomBotsNeverTryAnIllegalMove(variant: Int, chunk: Int) {
        var illegal: [String] = []
        for number in (chunk * 1000)..<(chunk * 1000 + 1000) {
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
        for number in 0..<1000 {
            let deal = playBotDeal(
                levels: tables[number % tables.count], options: Self.variants[variant],
                dealNumber: number, illegal: &illegal)
            #expect(deal.isOver)
        }
        #expect(illegal.isEmpty, "\(illegal.prefix(3))")
    }
}
