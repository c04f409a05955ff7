import CardGames

/// A move a seated person asks for; each kind of table accepts its own and answers the others
/// with `wrong_table_kind`.
public enum TableMove: Sendable, Equatable {
    /// Big Two: play these cards.
    case play([Card])
    /// Big Two: pass.
    case pass
    /// E-Card: lay this card face down.
    case lay(ECardCard)
}
