/// Equality of one kind's payload held as an existential (a snapshot's view, a hint's moves,
/// a table's settings or a request's fields), which `==` cannot compare directly.
enum PayloadEquality {
    /// Equal when both are absent, or both are of one type and equal.
    static func equal(_ lhs: (any Equatable)?, _ rhs: (any Equatable)?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return true
        case (let left?, let right?): return left.isEqual(to: right)
        default: return false
        }
    }
}

extension Equatable {
    /// Whether `other` is of this type and equal to it.
    fileprivate func isEqual(to other: any Equatable) -> Bool { (other as? Self) == self }
}
