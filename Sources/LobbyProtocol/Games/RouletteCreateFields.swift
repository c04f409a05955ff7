/// The `create` fields of a roulette table (its seats are `seats`, which it shares).
public struct RouletteCreateFields: GameCreateFields {
    /// Roulette.
    public static let kind = TableKind.roulette
    /// Segments on the wheel, 2 to 36; default 12.
    public var segments: Int?
    /// The most chips a seat may bet in one round; default 100.
    public var maxStake: Int?

    /// No field given.
    public init() {}

    /// The given fields.
    public init(segments: Int? = nil, maxStake: Int? = nil) {
        self.segments = segments
        self.maxStake = maxStake
    }

    /// `segments` and `max_stake`, those given.
    public var givenFields: [String] {
        (segments == nil ? [] : ["segments"]) + (maxStake == nil ? [] : ["max_stake"])
    }
}

extension CreateTable {
    /// Roulette: the wheel's segments (``RouletteCreateFields/segments``).
    public var segments: Int? {
        get { fields(RouletteCreateFields.self).segments }
        set { setFields(RouletteCreateFields(segments: newValue, maxStake: maxStake)) }
    }

    /// Roulette: a seat's stake limit per round (``RouletteCreateFields/maxStake``).
    public var maxStake: Int? {
        get { fields(RouletteCreateFields.self).maxStake }
        set { setFields(RouletteCreateFields(segments: segments, maxStake: newValue)) }
    }
}

extension TableInfo {
    /// Roulette: the segments on the wheel.
    public var segments: Int? {
        get { settings(RouletteCreateFields.self)?.segments }
        set { setSettings(RouletteCreateFields(segments: newValue, maxStake: maxStake)) }
    }

    /// Roulette: the most chips a seat may bet in one round.
    public var maxStake: Int? {
        get { settings(RouletteCreateFields.self)?.maxStake }
        set { setSettings(RouletteCreateFields(segments: segments, maxStake: newValue)) }
    }
}
