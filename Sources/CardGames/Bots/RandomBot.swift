/// Plays a uniformly random legal move: every legal play, and the pass when allowed, is
/// equally likely. The baseline for simulations and the fuzzer of the engine.
public struct RandomBot<Generator: RandomNumberGenerator & Sendable>: BigTwoBot {
    /// The bot's own generator; it draws one number per decision with two or more choices.
    public private(set) var generator: Generator

    /// A bot drawing its choices from `generator`.
    public init(generator: Generator) {
        self.generator = generator
    }

    /// A uniformly random choice among the legal plays and, when allowed, the pass.
    public mutating func chooseMove(_ view: BigTwoSeatView) -> BigTwoMove {
        let plays = view.legalPlays()
        let choices = plays.count + (view.canPass ? 1 : 0)
        guard choices > 1 else { return plays.first.map { .play($0.cards) } ?? .pass }
        let index = Int(generator.nextBounded(UInt64(choices)))
        return index < plays.count ? .play(plays[index].cards) : .pass
    }
}

extension RandomBot where Generator == Xoshiro256StarStar {
    /// A bot whose choices are fixed by `seed`.
    public init(seed: UInt64) {
        self.init(generator: Xoshiro256StarStar(seed: seed))
    }
}
