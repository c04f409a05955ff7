/// The fields of `create` that one kind of table reads, each optional: a kind's own part of
/// ``CreateTable``, written into the same JSON object as the fields every kind shares, so a
/// request reads the same on the wire and in the journal whichever kinds there are. A new
/// kind brings its own type and names it in ``TableKind/createFields``; nothing else lists it.
public protocol GameCreateFields: Codable, Sendable, Equatable {
    /// The kind of table that reads these fields.
    static var kind: TableKind { get }
    /// No field given.
    init()
    /// The names of the fields given, as the wire writes them, in the type's order.
    var givenFields: [String] { get }
}

extension GameCreateFields {
    /// True when no field of the kind is given.
    public var isEmpty: Bool { givenFields.isEmpty }
}
