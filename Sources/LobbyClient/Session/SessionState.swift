import CardGames
import LobbyProtocol

/// Everything a client knows, built from the messages it receives: the session, its table,
/// the deal or E-Card match in progress, recent actions, and any protocol violations seen.
public struct SessionState: Sendable {
    /// The name the server accepted.
    public var name: String?
    /// The resume token from `welcome`.
    public var token: String?
    /// The table the client sits at or watches.
    public var table: TableInfo?
    /// The client's seat, when seated.
    public var seat: Int?
    /// The Big Two deal in progress, when seated at one.
    public var deal: BigTwoDealTracker?
    /// The latest `turn` notice.
    public var turn: TurnNotice?
    /// The play to beat and who made it.
    public var tablePlay: PlayNotice?
    /// Cards held per seat.
    public var cardCounts: [Int] = []
    /// Running totals per seat.
    public var totals: [Int] = []
    /// The E-Card match in progress, when seated at one.
    public var ecard: ECardTracker?
    /// The latest E-Card hand notice (side and cards).
    public var ecardHand: ECardHandNotice?
    /// The latest E-Card turn notice.
    public var ecardTurn: ECardTurnNotice?
    /// The tic-tac-toe match, when at a tic-tac-toe table.
    public var ticTacToe: TicTacToeView?
    /// The memory game, when at a memory table.
    public var memory: MemoryView?
    /// The roulette round, when at a roulette table.
    public var roulette: RouletteView?
    /// The turn under way at a small game, with its deadline.
    public var smallTurn: SmallGameTurn?
    /// True from a small game's round start until its first turn notice: the board names
    /// who moves first before the notice gives that turn its deadline.
    public var smallTurnAwaited = false
    /// The pause before the table's next game, from the latest `ready_check`; nil once the
    /// game begins.
    public var readyCheck: ReadyCheck?
    /// The last few actions, oldest first, for display.
    public var recent: [String] = []
    /// Finished deals (Big Two) or matches (E-Card) seen.
    public var finishedGames = 0
    /// True once `match_end` (or an E-Card match end) arrived for the table.
    public var matchOver = false
    /// Protocol violations seen, in words.
    public var violations: [String] = []
    /// What the checks of the latest finished Big Two deal found: nil when this client held
    /// no hand in it (nothing to check), empty when every check passed.
    public var lastDealViolations: [String]?
    /// Whether `recent` is kept. A client nobody watches (a soak's) leaves it empty rather
    /// than put every move into words; every check is made either way.
    public var keepsRecent = true

    /// An empty state.
    public init() {}

    /// The table's Big Two options (standard when unknown).
    public var options: BigTwoOptions { table?.options ?? .standard }

    /// True while a bot plays this client's seat for it: the seat was taken mid-deal and is
    /// the person's from the next one, or they let too many turns time out.
    public var botPlaysOwnSeat: Bool {
        guard let seat else { return false }
        return table?.seats.first { $0.seat == seat }?.bot == true
    }

    /// A seat's display name.
    public func seatName(_ seat: Int) -> String {
        if let info = table?.seats.first(where: { $0.seat == seat }) {
            if let player = info.player { return info.bot ? "\(player)'s bot" : player }
            if info.bot { return "bot \(seat)" }
        }
        return "seat \(seat)"
    }

    /// True when the latest turn notice is for this client's seat.
    public var isMyTurn: Bool {
        guard let seat else { return false }
        if table?.kind == .ecard { return ecardTurn?.seat == seat }
        if table?.kind == .tictactoe { return ticTacToe?.seatToMove == seat }
        if table?.kind == .memory { return memory?.seatToFlip == seat }
        if table?.kind == .roulette { return roulette?.seatToBet == seat }
        return turn?.seat == seat && deal != nil
    }

    /// Adds a line to `recent` (when it is kept). Lines that take work to write are only
    /// written when `keepsRecent` holds.
    mutating func note(_ text: String) {
        guard keepsRecent else { return }
        recent.append(text)
        if recent.count > 8 { recent.removeFirst(recent.count - 8) }
    }

    /// Updates the state from one message.
    public mutating func apply(_ message: ServerMessage) {
        followSmallTurn(message.event)
        followReadyCheck(message.event)
        if let result = message.event.resultTotals {
            totals = result.totals
            table?.totals = result.totals
            table?.adoptPlayerTotals(result.playerTotals)
        }
        switch message.event {
        case .welcome(let welcome):
            name = welcome.name
            token = welcome.token
            if let seat = welcome.seat { self.seat = seat }
        case .created(let notice), .joined(let notice), .watching(let notice):
            if table?.id != notice.table.id {
                forgetTable()
                matchOver = false
            }
            table = notice.table
            seat = notice.seat
            totals = notice.table.totals
        case .table(let notice):
            table = notice.table
            if let seat = notice.seat { self.seat = seat }
            totals = notice.table.totals
        case .left:
            forgetTable()
        case .state(let snapshot):
            applySnapshot(snapshot)
        case .dealStart(let start):
            applyDealStart(start)
        case .turn(let notice):
            turn = notice
            deal?.turn(notice)
        case .play(let notice):
            deal?.play(notice)
            tablePlay = notice
            if cardCounts.indices.contains(notice.seat) {
                cardCounts[notice.seat] = notice.cardsLeft
            }
            if keepsRecent {
                let timedOut = notice.timedOut == true ? " (timed out)" : ""
                let cards = CardSet(notice.cards).description
                note("\(seatName(notice.seat)) played \(cards)\(timedOut)")
            }
        case .pass(let notice):
            deal?.pass(notice)
            if keepsRecent {
                let timedOut = notice.timedOut == true ? " (timed out)" : ""
                note("\(seatName(notice.seat)) passed\(timedOut)")
            }
        case .trick(let notice):
            deal?.trick(notice)
            tablePlay = nil
            if keepsRecent { note("\(seatName(notice.leader)) won the trick and leads") }
        case .dealEnd(let end):
            applyDealEnd(end)
        case .matchEnd(let end):
            matchOver = true
            totals = end.totals
            note("match over after \(end.games) games; totals \(end.totals)")
        case .ecardHand(let notice):
            applyECardHand(notice)
        case .ecardTurn(let notice):
            ecardTurn = notice
        case .ecardLaid(let notice):
            note("\(seatName(notice.seat)) laid a card face down")
        case .ecardReveal(let notice):
            applyReveal(notice)
        case .chat(let chat):
            note("\(chat.from): \(chat.text)")
        case .seat(let control):
            applySeatControl(control)
        default:
            if let line = applyTicTacToe(message.event) ?? applyMemory(message.event)
                ?? applyRoulette(message.event)
            {
                note(line)
            }
        }
    }

    /// A pause before the next game begins with `ready_check` and ends when a game starts.
    private mutating func followReadyCheck(_ event: ServerEvent) {
        switch event {
        case .readyCheck(let check):
            if check.table == table?.id { readyCheck = check }
        case .dealStart, .ecardHand, .tictactoeRound, .memoryStart, .rouletteRound:
            readyCheck = nil
        default: break
        }
    }

    private mutating func applySnapshot(_ snapshot: Snapshot) {
        table = snapshot.table
        seat = snapshot.seat
        totals = snapshot.table.totals
        if snapshot.table.status == .finished && snapshot.table.games != nil { matchOver = true }
        if snapshot.table.kind == .ecard {
            resyncECard(snapshot)
            return
        }
        if snapshot.table.kind == .tictactoe {
            ticTacToe = snapshot.tictactoe
            return
        }
        if snapshot.table.kind == .memory {
            memory = snapshot.memory
            return
        }
        if snapshot.table.kind == .roulette {
            roulette = snapshot.roulette
            return
        }
        guard let view = snapshot.deal else {
            if let deal {
                note("deal \(deal.deal) ended while away; it cannot be checked")
                self.deal = nil
            }
            return
        }
        cardCounts = view.cardCounts
        turn = TurnNotice(
            table: snapshot.table.id, seat: view.currentSeat, canPass: !view.leading,
            leading: view.leading, mustInclude: view.played.isEmpty ? options.lowestCard : nil,
            toBeat: view.tablePlay, deadline: view.deadline)
        tablePlay = nil
        if let cards = view.tablePlay, let tableSeat = view.tableSeat,
            view.cardCounts.indices.contains(tableSeat)
        {
            tablePlay = PlayNotice(
                table: snapshot.table.id, seat: tableSeat, cards: cards,
                combo: view.tableCombo ?? "", cardsLeft: view.cardCounts[tableSeat])
        }
        if var deal, deal.follows(snapshot) {
            violations += deal.resync(snapshot)
            self.deal = deal
        } else {
            if let deal { note("deal \(deal.deal) ended while away; it cannot be checked") }
            deal = BigTwoDealTracker(snapshot: snapshot, options: options)
        }
    }

    /// Follows an E-Card match again from a snapshot when the replay is not at its position
    /// (reveals were missed while away).
    private mutating func resyncECard(_ snapshot: Snapshot) {
        guard let view = snapshot.ecard, let mySeat = snapshot.seat else { return }
        if let ecard, ecard.seat == mySeat, ecard.isAt(view) { return }
        ecard = ECardTracker(
            seat: mySeat, options: snapshot.table.ecard ?? .standard, resumingAt: view)
        if ecard == nil {
            violations.append("state: E-Card hand \(view.hand) play \(view.play) is unreachable")
        }
    }

    private mutating func applyDealStart(_ start: DealStart) {
        if table?.id == start.table { table?.status = .playing }
        tablePlay = nil
        turn = nil
        let seats = start.players.count
        cardCounts = Array(repeating: 52 / max(seats, 1), count: seats)
        guard let mySeat = start.seat ?? seat, start.hand != nil else {
            deal = nil
            return
        }
        seat = mySeat
        let tracker = BigTwoDealTracker(start: start, seat: mySeat, options: options)
        violations += tracker.startViolations
        deal = tracker
        note("deal \(start.deal) started")
    }

    /// A bot took over a seat or its player came back: the table's seat shows it at once.
    private mutating func applySeatControl(_ control: SeatControl) {
        guard let info = table, info.id == control.table,
            let index = info.seats.firstIndex(where: { $0.seat == control.seat })
        else { return }
        table?.seats[index].bot = control.bot
        if let player = control.player { table?.seats[index].player = player }
        switch control.reason {
        case "disconnected": table?.seats[index].connected = false
        case "returned": table?.seats[index].connected = true
        case "left":
            // `player` names who left: the seat has no person any more.
            table?.seats[index].player = nil
            table?.seats[index].connected = false
        default: break
        }
        let owner = control.player ?? "seat \(control.seat)"
        note(control.bot ? "a bot plays for \(owner)" : "\(owner) plays again")
    }

    private mutating func applyDealEnd(_ end: DealEnd) {
        if var info = table, info.id == end.table {
            info.gamesPlayed = max(info.gamesPlayed, end.deal)
            info.totals = end.totals
            table = info
        }
        lastDealViolations = deal.map { $0.finish(end) }
        violations += lastDealViolations ?? []
        deal = nil
        turn = nil
        tablePlay = nil
        totals = end.totals
        cardCounts = end.cardsLeft
        finishedGames += 1
        guard keepsRecent else { return }
        let scores = end.scores.enumerated().map { "\(seatName($0.offset)) \($0.element)" }
        note("\(seatName(end.winner)) went out; " + scores.joined(separator: ", "))
    }

    private mutating func applyECardHand(_ notice: ECardHandNotice) {
        ecardHand = notice
        if let mySeat = notice.seat ?? seat {
            // A match is followed from its first hand, or from a snapshot: a later hand
            // without one (a seat taken over part-way) waits for the next `state`.
            if notice.hand == 1 {
                ecard = ECardTracker(seat: mySeat, options: table?.ecard ?? .standard)
            }
            if let ecard { violations += ecard.check(notice) }
        }
        note("E-Card hand \(notice.hand): \(seatName(notice.emperorSeat)) is the Emperor")
    }

    private mutating func applyReveal(_ notice: ECardRevealNotice) {
        if ecard != nil { violations += ecard!.reveal(notice) }
        totals = notice.totals
        ecardTurn = nil
        let outcome = notice.winner.map { "\(seatName($0)) wins \(notice.payout ?? 0)" } ?? "draw"
        note("revealed \(notice.cards.joined(separator: " vs ")): \(outcome)")
        if notice.matchOver {
            matchOver = true
            finishedGames += 1
            ecard = nil
        }
    }
}
