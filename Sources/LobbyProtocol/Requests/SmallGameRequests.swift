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

    /// Checks a `bet`: one to 36 stakes, each on a segment 1 to 36 with at least one chip
    /// (the table checks its own wheel and limit).
    public static func rouletteStakes(_ stakes: [RouletteStake]) throws(ProtocolFailure)
        -> [RouletteStake]
    {
        guard !stakes.isEmpty else {
            throw ProtocolFailure(.missingField, "missing bets: write bet 5 on 3")
        }
        guard stakes.count <= 36, stakes.allSatisfy({ (1...36).contains($0.segment) }) else {
            throw ProtocolFailure(.invalidField, "field 'segment' must be 1 to 36")
        }
        guard stakes.allSatisfy({ $0.chips >= 1 && $0.chips <= 1_000_000 }) else {
            throw ProtocolFailure(.invalidField, "field 'chips' must be 1 to 1000000")
        }
        return stakes
    }

    /// Checks the cards of a `flip`: one or two card numbers from 1; returns their indices.
    public static func memoryCards(_ numbers: [Int]?) throws(ProtocolFailure) -> [Int] {
        guard let numbers, !numbers.isEmpty else {
            throw ProtocolFailure(.missingField, "missing field 'cards': write flip 3 7")
        }
        guard numbers.count <= 2, numbers.allSatisfy({ (1...52).contains($0) }) else {
            throw ProtocolFailure(
                .invalidField, "field 'cards' must be one or two card numbers from 1 to 52")
        }
        return numbers.map { $0 - 1 }
    }
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
