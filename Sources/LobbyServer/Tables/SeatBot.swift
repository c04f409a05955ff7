import CardGames

/// The computer player of one seat: plays the first legal move it is offered.
struct SeatBot: Sendable {
    /// The bot level the table asked for, as shown to players.
    let level: String

    init(level: String, seed: UInt64) {
        self.level = level
    }

    /// The move to make when `view` says it is this seat's turn.
    mutating func chooseMove(_ view: BigTwoSeatView) -> BigTwoMove {
        if let play = view.legalPlays().first { return .play(play.cards) }
        return .pass
    }
}
