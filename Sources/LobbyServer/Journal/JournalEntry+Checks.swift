import LobbyProtocol

/// The ranges a journal line's numbers must lie in to be taken up at a restart.
///
/// A line outside them is damaged, whatever its JSON says (a flipped bit, an edit, another
/// program): it is skipped and counted, never fed to a table, and never lets an id or a time
/// overflow (`"table":9223372036854775807` once stopped every start). The bounds are far
/// beyond what a server reaches: a trillion sessions or tables, a time tens of thousands of
/// years ahead.
enum JournalLimits {
    /// The highest session or table id (and ticket or log position) a line may carry.
    static let maxID = 1 << 40
    /// The latest time, in Unix milliseconds, a line may carry.
    static let maxTime: Int64 = 1 << 50
    /// The most seats a line may name.
    static let maxSeat = 63
    /// The highest card, cell or position index a line may carry.
    static let maxIndex = 1_023
    /// The most cards, bets or other items in one line's list.
    static let maxItems = 64
}

extension JournalLineHead {
    /// True when the ids and time lie in range: an `ids` line may say 0 (none yet), any other
    /// line names ids from 1.
    var isSound: Bool {
        let lowest = kind == .ids ? 0 : 1
        let ids = [table, session].allSatisfy { id in
            id.map { (lowest...JournalLimits.maxID).contains($0) } ?? true
        }
        return ids && (at.map { (0...JournalLimits.maxTime).contains($0) } ?? true)
    }
}

extension JournalEntry {
    /// True when every number of the line lies in range (``JournalLimits``); a checkpoint's
    /// own numbers are checked when a table takes it up (``TableCore/restore(_:)``).
    var isSound: Bool {
        guard head.isSound else { return false }
        let index = 0...JournalLimits.maxIndex
        let count = 0...JournalLimits.maxItems
        let id = 0...JournalLimits.maxID
        if let seat, !(0...JournalLimits.maxSeat).contains(seat) { return false }
        if let cards, !count.contains(cards.count) || !cards.allSatisfy(index.contains) {
            return false
        }
        if let ticket, !id.contains(ticket) { return false }
        if let number, !id.contains(number) { return false }
        if let bets {
            guard count.contains(bets.count),
                bets.allSatisfy({ index.contains($0.segment) && id.contains($0.chips) })
            else { return false }
        }
        return true
    }
}
