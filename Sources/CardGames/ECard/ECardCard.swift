/// One of the three kinds of card in E-Card.
///
/// The Emperor beats a Citizen, a Citizen beats the Slave, and the Slave beats the Emperor.
public enum ECardCard: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The Emperor side's special card.
    case emperor
    /// The common card; both sides hold four of them at the start of a hand.
    case citizen
    /// The Slave side's special card.
    case slave

    /// How this card fares when revealed against `other`.
    ///
    /// Equal cards draw; in a legal game that only happens with two Citizens.
    public func clash(against other: ECardCard) -> ECardClash {
        switch (self, other) {
        case (.emperor, .citizen), (.citizen, .slave), (.slave, .emperor): .win
        case (.citizen, .emperor), (.slave, .citizen), (.emperor, .slave): .loss
        case (.emperor, .emperor), (.citizen, .citizen), (.slave, .slave): .draw
        }
    }

    /// The card's name in lower case, as in its raw value.
    public var description: String { rawValue }
}

/// The result of revealing one card against another, from the first card's point of view.
public enum ECardClash: String, Sendable, Hashable, Codable {
    /// The card beats the other.
    case win
    /// The other card beats this one.
    case loss
    /// Neither card beats the other.
    case draw
}
