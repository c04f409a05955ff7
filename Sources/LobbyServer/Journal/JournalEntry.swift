import LobbyProtocol

/// One line of the table journal: a session made or forgotten, a table created or finished,
/// a deal seed drawn, one input a table core was fed, with its time, or a table's checkpoint.
///
/// Inputs are kept rather than states during a game: a table's core is rebuilt by feeding it
/// the same inputs at the same times, which also deals the same cards from the same seeds.
/// Between games a table writes its checkpoint, and compaction drops what came before it.
struct JournalEntry: Codable, Sendable, Equatable {
    /// What the line records.
    enum Kind: String, Codable, Sendable {
        /// A new session: its id, name and token hash.
        case session
        /// A session was dropped for good.
        case forget
        /// A table was created: its id, the `create` request, the creator and the owner's
        /// token hash (all-bot tables).
        case table
        /// A deal seed the table drew.
        case seed
        /// A request of a session (`request` names it).
        case request
        /// A timer ran out (`timer` names it).
        case timer
        /// A bot's decision came back (`ticket`, `seat`).
        case bot
        /// A record was stored (`ticket`, `number`), or failed (no number).
        case record
        /// A record was handed to the game log (`ticket`); `number` is how many records the
        /// log held then, so the record, if it was stored, is at that position or later.
        case storing
        /// The table's timers were moved later by `number` milliseconds: the time the server
        /// was down, which does not count against anyone.
        case postpone
        /// The server was still running at `at` (written every second).
        case clock
        /// The highest session (`session`) and table (`table`) ids handed out so far.
        case ids
        /// The table's owner left: the table ends.
        case end
        /// The table finished for good; nothing of it is restored.
        case finished
        /// The table between two games (`state`, a ``TableCheckpoint`` in JSON): it is
        /// rebuilt from this line and the lines after it.
        case checkpoint
        /// The server's storage refused writes (`name` gives the reason), or took them again
        /// (no `name`): the table held its results and began no new game meanwhile.
        case storage
    }

    var kind: Kind
    var table: Int?
    /// The input's time, in Unix milliseconds.
    var at: Int64?
    var session: Int?
    var name: String?
    /// SHA-256 of a session token, in hex.
    var hash: String?
    var create: CreateTable?
    var request: String?
    var seat: Int?
    var reply: Bool?
    /// Deck indices of played cards.
    var cards: [Int]?
    var card: String?
    /// A roulette seat's bets (`bet`).
    var bets: [RouletteStake]?
    var timer: String?
    var ticket: Int?
    var number: Int?
    var timedOut: Bool?
    var seed: String?
    /// A checkpoint, in JSON.
    var state: String?

    init(_ kind: Kind, table: Int? = nil, at: Int64? = nil) {
        self.kind = kind
        self.table = table
        self.at = at
    }
}
