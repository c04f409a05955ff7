import CardGames

/// The `create` fields of a Big Two table.
public struct BigTwoCreateFields: GameCreateFields {
    /// Big Two.
    public static let kind = TableKind.bigtwo
    /// Rule preset, a key of `BigTwoOptions.presets`; default `standard`.
    public var rules: String?
    /// Options; when given they replace the preset (missing fields take the standard
    /// defaults).
    public var options: BigTwoOptions?

    /// No field given.
    public init() {}

    /// The given fields.
    public init(rules: String? = nil, options: BigTwoOptions? = nil) {
        self.rules = rules
        self.options = options
    }

    /// `rules` and `options`, those given.
    public var givenFields: [String] {
        (rules == nil ? [] : ["rules"]) + (options == nil ? [] : ["options"])
    }
}

extension CreateTable {
    /// Big Two: the rule preset (``BigTwoCreateFields/rules``).
    public var rules: String? {
        get { fields(BigTwoCreateFields.self).rules }
        set { setFields(BigTwoCreateFields(rules: newValue, options: options)) }
    }

    /// Big Two: the options (``BigTwoCreateFields/options``).
    public var options: BigTwoOptions? {
        get { fields(BigTwoCreateFields.self).options }
        set { setFields(BigTwoCreateFields(rules: rules, options: newValue)) }
    }
}

extension TableInfo {
    /// Big Two: the rule preset the options equal (`standard`, `taiwan`) or `custom`.
    public var rules: String? {
        get { settings(BigTwoCreateFields.self)?.rules }
        set { setSettings(BigTwoCreateFields(rules: newValue, options: options)) }
    }

    /// Big Two: the options in force.
    public var options: BigTwoOptions? {
        get { settings(BigTwoCreateFields.self)?.options }
        set { setSettings(BigTwoCreateFields(rules: rules, options: newValue)) }
    }
}
