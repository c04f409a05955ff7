/// The `create` field of a tic-tac-toe table.
public struct TicTacToeCreateFields: GameCreateFields {
    /// Tic-tac-toe.
    public static let kind = TableKind.tictactoe
    /// The mark that moves first in the first round, `o` or `x`; default `o`.
    public var first: String?

    /// No field given.
    public init() {}

    /// The given field.
    public init(first: String?) { self.first = first }

    /// `first`, if given.
    public var givenFields: [String] { first == nil ? [] : ["first"] }
}

extension CreateTable {
    /// Tic-tac-toe: the mark that moves first (``TicTacToeCreateFields/first``).
    public var first: String? {
        get { fields(TicTacToeCreateFields.self).first }
        set { setFields(TicTacToeCreateFields(first: newValue)) }
    }
}

extension TableInfo {
    /// Tic-tac-toe: the mark that moves first in the first round (`o` or `x`).
    public var first: String? {
        get { settings(TicTacToeCreateFields.self)?.first }
        set { setSettings(TicTacToeCreateFields(first: newValue)) }
    }
}
