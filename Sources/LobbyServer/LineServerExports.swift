/// The lobby's public API speaks in the net layer's types (connections, close reasons, server
/// errors, signal watching), so importing the lobby brings them along.
@_exported import LineServer
