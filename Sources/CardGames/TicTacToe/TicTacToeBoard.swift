/// A tic-tac-toe board as two nine-bit masks, one per mark; bit `i` is cell index `i`.
public struct TicTacToeBoard: Sendable, Hashable, Codable {
    /// The cells holding O.
    public private(set) var o: UInt16 = 0
    /// The cells holding X.
    public private(set) var x: UInt16 = 0

    /// The eight lines that win: three rows, three columns, two diagonals.
    public static let lines: [UInt16] = [
        0b000_000_111, 0b000_111_000, 0b111_000_000,
        0b001_001_001, 0b010_010_010, 0b100_100_100,
        0b100_010_001, 0b001_010_100,
    ]

    /// All nine cells.
    public static let full: UInt16 = 0b111_111_111

    /// An empty board.
    public init() {}

    /// A board with these cells marked; the masks must not overlap.
    public init(o: UInt16, x: UInt16) {
        precondition(o & x == 0 && (o | x) & ~Self.full == 0, "marks overlap or leave the board")
        self.o = o
        self.x = x
    }

    /// The cells of `mark`.
    public func cells(of mark: TicTacToeMark) -> UInt16 { mark == .o ? o : x }

    /// The empty cells.
    public var empty: UInt16 { Self.full & ~(o | x) }

    /// The mark in cell `index`, if any.
    public subscript(index: Int) -> TicTacToeMark? {
        let bit = UInt16(1) << UInt16(index)
        if o & bit != 0 { return .o }
        return x & bit != 0 ? .x : nil
    }

    /// Puts `mark` in the empty cell `index`.
    mutating func place(_ mark: TicTacToeMark, at index: Int) {
        let bit = UInt16(1) << UInt16(index)
        if mark == .o { o |= bit } else { x |= bit }
    }

    /// The line `mark` completed, if any.
    public func winningLine(of mark: TicTacToeMark) -> UInt16? {
        let mine = cells(of: mark)
        return Self.lines.first { mine & $0 == $0 }
    }

    /// True when `cells` hold a whole line.
    static func hasLine(_ cells: UInt16) -> Bool {
        for line in lines where cells & line == line { return true }
        return false
    }

    /// The indices of the cells set in `mask`, lowest first.
    public static func indices(of mask: UInt16) -> [Int] {
        (0..<9).filter { mask & (1 << UInt16($0)) != 0 }
    }
}
