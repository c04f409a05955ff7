/// Reading and naming the nine cells of the board.
///
/// Cells are numbered 1 to 9 row by row from the top left, as on a phone keypad: `1 2 3`
/// is the top row, `7 8 9` the bottom row. The same cells may be named by column letter and
/// row number, as a spreadsheet names them: columns `a` (left) to `c` (right), rows `1`
/// (top) to `3` (bottom), so `a1` is 1, `c1` is 3, `b2` is 5, `a3` is 7 and `c3` is 9.
/// Inside the engine a cell is its index 0 to 8 (the number minus one).
public enum TicTacToeCell {
    /// The cell index (0 to 8) that `text` names, or nil when it names none: a number 1 to 9
    /// or a column letter `a`–`c` (either case) followed by a row digit 1 to 3.
    public static func index(of text: String) -> Int? {
        let bytes = Array(text.utf8)
        if bytes.count == 1, let number = Int(text), (1...9).contains(number) {
            return number - 1
        }
        guard bytes.count == 2 else { return nil }
        let column = Int(bytes[0] | 0x20) - Int(UInt8(ascii: "a"))
        let row = Int(bytes[1]) - Int(UInt8(ascii: "1"))
        guard (0..<3).contains(row), (0..<3).contains(column) else { return nil }
        return row * 3 + column
    }

    /// The cell's number on the wire (1 to 9).
    public static func number(of index: Int) -> Int { index + 1 }

    /// The cell's column-and-row name, `a1` to `c3`.
    public static func name(of index: Int) -> String {
        let column = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(index % 3)))
        return "\(column)\(index / 3 + 1)"
    }
}
