/// Where a recipient stands, which decides what it may see of hidden information.
public enum Viewer: Hashable, Sendable {
    /// The person playing seat `seat` in the current deal: they see that seat's hand.
    case player(seat: Int)
    /// A person who took seat `seat` while a deal was under way: the seat is theirs from the
    /// next deal (E-Card: hand); until then they see what a watcher sees.
    case reserved(seat: Int)
    /// A spectator.
    case watcher
    /// Someone who is not at the table (an answer to a refused join, an all-bot table's owner).
    case outsider

    /// The seat the viewer sits in, if any.
    public var seat: Int? {
        switch self {
        case .player(let seat), .reserved(let seat): seat
        case .watcher, .outsider: nil
        }
    }

    /// The seat whose hidden cards the viewer may see, if any.
    public var handSeat: Int? {
        if case .player(let seat) = self { return seat }
        return nil
    }
}
