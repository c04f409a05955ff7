/// The `create` field of a memory table (its seats are `seats`, which it shares).
public struct MemoryCreateFields: GameCreateFields {
    /// Memory.
    public static let kind = TableKind.memory
    /// Pairs on the table, 2 to 26; default 8.
    public var pairs: Int?

    /// No field given.
    public init() {}

    /// The given field.
    public init(pairs: Int?) { self.pairs = pairs }

    /// `pairs`, if given.
    public var givenFields: [String] { pairs == nil ? [] : ["pairs"] }
}

extension CreateTable {
    /// Memory: the pairs on the table (``MemoryCreateFields/pairs``).
    public var pairs: Int? {
        get { fields(MemoryCreateFields.self).pairs }
        set { setFields(MemoryCreateFields(pairs: newValue)) }
    }
}

extension TableInfo {
    /// Memory: the pairs on the table.
    public var pairs: Int? {
        get { settings(MemoryCreateFields.self)?.pairs }
        set { setSettings(MemoryCreateFields(pairs: newValue)) }
    }
}
