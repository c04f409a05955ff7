/// The stable error codes of the protocol. Clients may rely on these strings; the human-readable
/// message next to them may change.
public enum ErrorCode: String, Sendable, Codable, CaseIterable {
    // Framing and syntax.
    /// The line is longer than 64 KiB; the server closes the connection after this error.
    case lineTooLong = "line_too_long"
    /// The line is not valid UTF-8.
    case notUTF8 = "not_utf8"
    /// The line is neither a JSON object nor a known plain command.
    case badJSON = "bad_json"
    /// The `type` is not a known request.
    case unknownType = "unknown_type"
    /// A required field is absent; the message names it.
    case missingField = "missing_field"
    /// A field has the wrong type or an impossible value; the message names it.
    case invalidField = "invalid_field"
    /// A card could not be read; the message names the token.
    case invalidCard = "invalid_card"

    // Session and lobby.
    /// The request needs a session: send `hello` first.
    case notLoggedIn = "not_logged_in"
    /// `hello` was already accepted on this connection.
    case alreadyLoggedIn = "already_logged_in"
    /// The resume token is unknown or expired.
    case invalidToken = "invalid_token"
    /// Another live session has this name, or one that looks the same (compared as
    /// ``NameSkeleton`` folds names: without regard to case, accents, spacing, punctuation
    /// or lookalike letters).
    case nameTaken = "name_taken"
    /// The name is one of the words the server itself uses for seats and players (`you`,
    /// `bot 2`, `free`, …), however it is written (``ReservedNames``).
    case nameReserved = "name_reserved"
    /// The connection did not say `hello` in time; the connection is closed.
    case helloTimeout = "hello_timeout"
    /// Another connection resumed this session; this connection is closed.
    case sessionReplaced = "session_replaced"
    /// The server has as many clients as it allows; the connection is closed.
    case serverFull = "server_full"
    /// The server was full, and this connection, silent longest and without a seat, was
    /// closed to make room; the session can be resumed with its token.
    case idleEvicted = "idle_evicted"
    /// The client's address has as many connections as the server allows one address; the
    /// connection is closed.
    case tooManyConnections = "too_many_connections"
    /// The client left a line unfinished for too long; the connection is closed.
    case idleTimeout = "idle_timeout"
    /// No table has that id.
    case noSuchTable = "no_such_table"
    /// The game log holds no record with that number.
    case noSuchRecord = "no_such_record"
    /// The table has no free seat (or the asked seat is not free).
    case seatTaken = "seat_taken"
    /// The player already sits or watches at a table; `leave` first.
    case alreadyAtTable = "already_at_table"
    /// The request needs a seat at a table.
    case notSeated = "not_seated"
    /// Spectators cannot act in the game.
    case spectatorCannotAct = "spectator_cannot_act"
    /// The table's game is already running.
    case alreadyStarted = "already_started"
    /// No deal is in progress at the table.
    case noDeal = "no_deal"
    /// The request does not apply to this kind of table.
    case wrongTableKind = "wrong_table_kind"
    /// Too many tables exist already.
    case tooManyTables = "too_many_tables"
    /// Too many messages in a short time.
    case rateLimited = "rate_limited"
    /// The room (the lobby, or the table) takes no more chat lines for a moment: it takes a
    /// few lines a second from everyone together. The line is not delivered.
    case chatBusy = "chat_busy"
    /// The table has as many watchers as it takes.
    case tooManyWatchers = "too_many_watchers"
    /// Chat text is too long or empty.
    case chatTooLong = "chat_too_long"

    // Big Two rules (the engine's errors).
    /// It is another seat's turn.
    case notYourTurn = "not_your_turn"
    /// A played card is not in the player's hand.
    case cardsNotInHand = "cards_not_in_hand"
    /// A card appears twice in one play.
    case duplicateCards = "duplicate_cards"
    /// The cards do not form a combination.
    case notACombination = "not_a_combination"
    /// The play has the wrong number of cards to follow.
    case wrongSize = "wrong_size"
    /// The play does not beat the one on the table.
    case doesNotBeat = "does_not_beat"
    /// The leader of a trick may not pass.
    case cannotPassWhenLeading = "cannot_pass_when_leading"
    /// The first play must include the lowest card.
    case mustIncludeLowestCard = "must_include_lowest_card"
    /// The first play must be the lowest card alone (table option).
    case mustLeadLowestCardAlone = "must_lead_lowest_card_alone"
    /// The deal is over.
    case dealOver = "deal_over"
    /// No cards were given.
    case emptyPlay = "empty_play"

    // E-Card rules.
    /// The card is not in the player's E-Card hand.
    case cardNotInHand = "card_not_in_hand"
    /// The player has already laid a card in this play.
    case alreadyLaid = "already_laid"
    /// The E-Card match is over.
    case matchOver = "match_over"

    // Tic-tac-toe rules.
    /// The cell already holds a mark.
    case cellTaken = "cell_taken"
    /// The round is over: send `again` for another.
    case roundOver = "round_over"
    /// `again` was sent while a round is still being played.
    case roundInProgress = "round_in_progress"

    // Memory rules.
    /// The card is already face up.
    case cardFaceUp = "card_face_up"

    // Roulette rules.
    /// The bets go over the seat's stake limit for the round.
    case overLimit = "over_limit"

    // Server.
    /// The server is shutting down: a request that would change a table or the lobby is
    /// refused, so that the next start carries on from where everything stood.
    case shuttingDown = "shutting_down"
    /// The server cannot save results now (its disk is full, say): the table waits, and the
    /// request can be sent again once a `storage` event says `ok`.
    case storageUnavailable = "storage_unavailable"
    /// The server failed to do something it should have; the session stays usable.
    case internalError = "internal_error"
}
