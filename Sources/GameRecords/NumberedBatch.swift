import LobbyProtocol

/// A batch of records numbered in order and encoded as the lines one write appends: what
/// every game log target writes.
struct NumberedBatch {
    /// The records as stored, numbered from the first number given.
    var records: [DealRecord] = []
    /// Every record's line with its newline, one after another.
    var bytes: [UInt8] = []
    /// Where each record's line starts in `bytes`, and its length without the newline.
    var lines: [(start: Int, length: Int)] = []

    /// Numbers `batch` from `first` and encodes it with `encoder`.
    init(_ batch: [DealRecord], from first: Int, encoder: DealRecordLineEncoder)
        throws(GameLogError)
    {
        for record in batch {
            var numbered = record
            numbered.record = first + records.count
            let line: [UInt8]
            do {
                line = try encoder.encode(numbered)
            } catch {
                throw GameLogError.cannotEncode("\(error)")
            }
            lines.append((bytes.count, line.count))
            bytes.append(contentsOf: line)
            bytes.append(UInt8(ascii: "\n"))
            records.append(numbered)
        }
    }
}
