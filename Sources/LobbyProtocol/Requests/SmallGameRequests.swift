import CardGames

/// The checks of the tic-tac-toe, memory and roulette requests, shared by their plain and
/// JSON forms.
extension RequestParser {
    /// Reads a tic-tac-toe cell: a number 1 to 9 or a name `a1` to `c3`; returns its index.
    public static func ticTacToeCell(_ text: String) throws(ProtocolFailure) -> Int {
        guard let index = TicTacToeCell.index(of: text) else {
            throw ProtocolFailure(
                .invalidField, "field 'cell' must be 1 to 9 or a1 to c3, not '\(text)'")
        }
        return index
    }

    /// Checks a `bet`: at most 36 stakes (the most segments a wheel has; stakes on one segment
    /// add up), each on a segment 1 to 36 with at least one chip; none is a bet of nothing for
    /// the round. The table checks its own wheel and the seat's limit (`over_limit`, however
    /// many chips are asked).
    public static func rouletteStakes(_ stakes: [RouletteStake]) throws(ProtocolFailure)
        -> [RouletteStake]
    {
        guard stakes.count <= maximumStakes else {
            throw ProtocolFailure(
                .invalidField,
                "at most \(maximumStakes) bets in one request, not \(stakes.count): bets on "
                    + "one segment add up, so put a segment's chips in one bet")
        }
        for stake in stakes {
            guard (1...36).contains(stake.segment) else {
                throw ProtocolFailure(.invalidField, "field 'segment' must be 1 to 36")
            }
            guard stake.chips >= 1 else {
                throw ProtocolFailure(.invalidField, "field 'chips' must be at least 1")
            }
        }
        return stakes
    }

    /// The most bets one `bet` request holds: one per segment of the largest wheel.
    public static let maximumStakes = 36

    /// Checks the cards of a `flip`: one or two card numbers; returns their indices. Whether
    /// the table has such a card is the table's to say, in its own range of numbers.
    public static func memoryCards(_ numbers: [Int]?) throws(ProtocolFailure) -> [Int] {
        guard let numbers, !numbers.isEmpty else {
            throw ProtocolFailure(.missingField, "missing field 'cards': write flip 3 7")
        }
        guard numbers.count <= 2 else {
            throw ProtocolFailure(.invalidField, "flip one or two cards at a time, e.g. flip 3 7")
        }
        // Far outside any table, a number still gets the table's answer without overflowing.
        return numbers.map { min(max($0, 0), maximumMemoryCards) - 1 }
    }

    /// More cards than any memory table holds.
    static let maximumMemoryCards = 1_000
}

extension ClientRequest {
    /// Reads `mark`, `flip` and `bet` from a JSON object's members; nil for other types.
    static func smallGame(type: String, fields: RequestFields) throws(ProtocolFailure)
        -> ClientRequest?
    {
        switch type {
        case "again": return .again
        case "restart": return .restart
        case "mark":
            let cell: String
            switch try fields.required(.cell) {
            case .number(let number):
                guard let whole = number.intValue else {
                    throw ProtocolFailure(.invalidField, "field 'cell' must be 1 to 9 or a1 to c3")
                }
                cell = String(whole)
            case .string(let text): cell = text
            default: throw ProtocolFailure(.invalidField, "field 'cell' must be 1 to 9 or a1 to c3")
            }
            return .mark(cell: try RequestParser.ticTacToeCell(cell))
        case "flip":
            if fields.value(.cards) != nil {
                return .flip(cards: try RequestParser.memoryCards(try fields.intList(.cards)))
            }
            return .flip(cards: try RequestParser.memoryCards([try fields.int(.card)]))
        case "bet":
            if let bets = fields.value(.bets) {
                guard fields.value(.segment) == nil, fields.value(.chips) == nil else {
                    throw ProtocolFailure(
                        .invalidField, "give either 'bets' or 'segment' and 'chips', not both")
                }
                guard case .array(let items) = bets else {
                    throw ProtocolFailure(.invalidField, "field 'bets' must be a list")
                }
                var stakes: [RouletteStake] = []
                for item in items {
                    guard case .object(let members) = item else {
                        throw ProtocolFailure(
                            .invalidField, "each bet must be {\"segment\":…,\"chips\":…}")
                    }
                    let bet = RequestFields(members: members)
                    stakes.append(
                        RouletteStake(segment: try bet.int(.segment), chips: try bet.int(.chips)))
                }
                return .bet(try RequestParser.rouletteStakes(stakes))
            }
            let stake = RouletteStake(
                segment: try fields.int(.segment), chips: try fields.int(.chips))
            return .bet(try RequestParser.rouletteStakes([stake]))
        default:
            return nil
        }
    }
}
