/// Shuffles `items` in place with the Fisher–Yates (Durstenfeld) algorithm.
///
/// For `i` from `count - 1` down to `1`: `j = rng.nextBounded(i + 1)`, then swap the items at
/// `i` and `j`. The exact order of draws is part of the dealing protocol, which is why this
/// is spelled out instead of calling the standard library's `shuffle(using:)`, whose draws
/// are not specified.
public func fisherYatesShuffle<T, G: RandomNumberGenerator>(
    _ items: inout [T], using rng: inout G
) {
    guard items.count > 1 else { return }
    // Through the buffer: swapping through the array checks its uniqueness on every swap.
    items.withUnsafeMutableBufferPointer { buffer in
        for i in stride(from: buffer.count - 1, through: 1, by: -1) {
            let j = Int(rng.nextBounded(UInt64(i + 1)))
            buffer.swapAt(i, j)
        }
    }
}
