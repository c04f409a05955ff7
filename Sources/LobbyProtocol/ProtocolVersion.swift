/// The version of the line-delimited JSON protocol spoken by server and client.
public enum ProtocolVersion {
    /// The current protocol version, sent in the server's greeting.
    public static let current = 1
    /// The longest line, in bytes, that either side accepts (64 KiB).
    public static let maxLineBytes = 65_536
}
