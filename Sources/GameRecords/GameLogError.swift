import Glibc

/// Why the game log could not be opened or written.
public enum GameLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data directory could not be created; the reason is the system's.
    case cannotCreateDirectory(path: String, reason: String)
    /// The log file could not be opened (`errno` given).
    case cannotOpen(path: String, errno: Int32)
    /// The log file could not be read; the reason is the system's.
    case cannotRead(path: String, reason: String)
    /// A record could not be encoded as JSON.
    case cannotEncode(String)
    /// Writing a record failed (`errno` given); the partial line was removed.
    case writeFailed(errno: Int32)
    /// Flushing a record to the disk failed (`errno` given); the record was removed.
    case syncFailed(errno: Int32)
    /// Cutting a torn or failed line off the file failed (`errno` given).
    case truncateFailed(errno: Int32)
    /// The checkpoint could not be written; the reason is the system's.
    case cannotWriteCheckpoint(path: String, reason: String)
    /// The log was closed, or a batch before this record failed; nothing was added.
    case notWritten

    /// True when the storage failed (a full disk, a file-size limit, an I/O error): writing
    /// the same thing again later may succeed. False for a record that cannot be encoded and
    /// for a log that was closed.
    public var isStorageFailure: Bool {
        switch self {
        case .cannotEncode, .notWritten: false
        default: true
        }
    }

    /// The system's error number, when the system refused.
    public var systemError: Int32? {
        switch self {
        case .cannotOpen(_, let code), .writeFailed(let code), .syncFailed(let code),
            .truncateFailed(let code):
            code
        default: nil
        }
    }

    /// The failure for people: the system's reason when it refused ("No space left on
    /// device"), else the description.
    public var reason: String {
        guard let code = systemError else { return description }
        return String(cString: strerror(code))
    }

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create directory \(path): \(reason)"
        case .cannotOpen(let path, let code): "cannot open \(path): errno \(code)"
        case .cannotRead(let path, let reason): "cannot read \(path): \(reason)"
        case .cannotEncode(let reason): "cannot encode a record: \(reason)"
        case .writeFailed(let code): "writing the game log failed: errno \(code)"
        case .syncFailed(let code): "flushing the game log failed: errno \(code)"
        case .truncateFailed(let code): "truncating the game log failed: errno \(code)"
        case .cannotWriteCheckpoint(let path, let reason):
            "cannot write the checkpoint \(path): \(reason)"
        case .notWritten: "the record was not written to the game log"
        }
    }
}

