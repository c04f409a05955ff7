/// One kind's moves in a `hint` reply: the kind's own part of ``HintReply``, written flat
/// beside `table` and `seat`. A new kind brings its type and names it in
/// ``TableKind/hintMoves``; nothing else lists it.
public protocol GameHintMoves: Codable, Sendable, Equatable {
    /// No move field given.
    init()
    /// True when none of the kind's fields is given.
    var isEmpty: Bool { get }
}
