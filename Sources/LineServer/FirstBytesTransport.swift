import Foundation

/// The transport of a port that serves plain lines only, for a handler that wants to know
/// what its peer says first: the handler opens at the peer's first bytes, which it finds in
/// ``Connection/openingBytes``, or after `wait` of silence. A line protocol can so greet a
/// person's telnet client, which negotiates options the moment it connects, unlike a program
/// that waits in silence for its greeting.
public final class FirstBytesTransport: ConnectionTransport {
    private let wait: Duration

    /// A transport that opens the handler at the first bytes, or after `wait`.
    public init(wait: Duration) {
        self.wait = wait
    }

    public func transportDidOpen(_ link: TransportLink) {
        link.after(wait) { link in
            link.useLines(replaying: UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    public func transport(_ link: TransportLink, didReceive bytes: UnsafeRawBufferPointer) {
        link.useLines(replaying: bytes)
    }

    /// Writes the lines as they are; the handler has no chance to send before the lines take
    /// over, as it opens only then.
    public func transport(_ link: TransportLink, send lines: UnsafeRawBufferPointer) {
        link.write(lines)
    }
}
