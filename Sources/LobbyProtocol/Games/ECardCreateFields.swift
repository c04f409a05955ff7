import CardGames

/// The `create` field of an E-Card table.
public struct ECardCreateFields: GameCreateFields {
    /// E-Card.
    public static let kind = TableKind.ecard
    /// The match's options; default the standard E-Card rules.
    public var ecard: ECardOptions?

    /// No field given.
    public init() {}

    /// The given field.
    public init(ecard: ECardOptions?) { self.ecard = ecard }

    /// `ecard`, if given.
    public var givenFields: [String] { ecard == nil ? [] : ["ecard"] }
}

extension CreateTable {
    /// E-Card: the match's options (``ECardCreateFields/ecard``).
    public var ecard: ECardOptions? {
        get { fields(ECardCreateFields.self).ecard }
        set { setFields(ECardCreateFields(ecard: newValue)) }
    }
}

extension TableInfo {
    /// E-Card: the options in force.
    public var ecard: ECardOptions? {
        get { settings(ECardCreateFields.self)?.ecard }
        set { setSettings(ECardCreateFields(ecard: newValue)) }
    }
}
