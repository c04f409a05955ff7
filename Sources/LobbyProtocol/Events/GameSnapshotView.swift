/// One kind's game in progress as a snapshot shows it to one viewer: the kind's own part of
/// ``Snapshot``, written under its own member of the `state` object. A new kind brings its
/// view and names it in ``TableKind/snapshotView``; nothing else lists it.
public protocol GameSnapshotView: Codable, Sendable, Equatable {
    /// The member of `state` that holds the view.
    static var member: String { get }
}
