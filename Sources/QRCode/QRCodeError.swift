/// Why a QR code could not be made.
public enum QRCodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data is longer than the largest symbol holds at error correction level M.
    case tooLong(bytes: Int, maximum: Int)

    public var description: String {
        switch self {
        case .tooLong(let bytes, let maximum):
            "\(bytes) bytes do not fit in a QR code at level M (at most \(maximum))"
        }
    }
}
