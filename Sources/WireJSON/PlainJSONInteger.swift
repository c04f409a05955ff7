/// A JSON integer in the plain form the hot readers take: an optional minus sign, then
/// digits without a leading zero. `-0` and longer numbers are left to the general readers.
public enum PlainJSONInteger {
    /// The integer at `index`, moving `index` past its digits; nil when the bytes there are
    /// not a plain integer of at most `maxDigits` digits (18 at most, so it fits an `Int`).
    public static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, maxDigits: Int
    ) -> Int? {
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            // Counted before the digit is added, so that the value never overflows.
            guard index - start < maxDigits else { return nil }
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != 0x30 else { return nil }
        if negative && value == 0 { return nil }
        return negative ? -value : value
    }
}
