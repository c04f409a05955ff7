import Foundation

/// Receives the events of one connection. Every method is called on the connection's queue.
public protocol ConnectionHandler: AnyObject, Sendable {
    /// The connection is ready; called once, before any other method.
    func connectionDidOpen(_ connection: Connection)

    /// A complete line arrived, without its `"\n"` or `"\r\n"` ending.
    func connection(_ connection: Connection, didReceiveLine line: Data)

    /// The peer sent a line longer than the limit; called at most once. Whatever this method
    /// sends is flushed, then the connection closes with ``CloseReason/lineTooLong``.
    func connectionLineTooLong(_ connection: Connection)

    /// The peer left a line unfinished for longer than the configured timeout; called at most
    /// once. Whatever this method sends is flushed, then the connection closes with
    /// ``CloseReason/idleTimeout``.
    func connectionLineTimedOut(_ connection: Connection)

    /// The connection ended and its socket is closed; called exactly once, after every other
    /// method. Later sends on the connection are ignored.
    func connectionDidClose(_ connection: Connection, reason: CloseReason)

    /// The bytes to write for `data` given to `send` (a handler may present them differently,
    /// e.g. as text); called on the connection's queue, in send order.
    func connection(_ connection: Connection, willSend data: Data) -> Data
}

extension ConnectionHandler {
    /// Does nothing.
    public func connectionDidOpen(_ connection: Connection) {}

    /// Does nothing, so the connection closes without a reply.
    public func connectionLineTooLong(_ connection: Connection) {}

    /// Sends the bytes unchanged.
    public func connection(_ connection: Connection, willSend data: Data) -> Data { data }

    /// Does nothing, so the connection closes without a reply.
    public func connectionLineTimedOut(_ connection: Connection) {}
}
