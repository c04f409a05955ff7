import Foundation

extension ServerMessageDecoder {
    /// Decodes one line (with or without its newline) straight from the bytes it arrived in:
    /// a hot event in its written form is read without copying the line; anything else is
    /// copied once and decoded as the `Data` form of `decode` decodes it.
    public func decode(bytes line: UnsafeRawBufferPointer) throws -> ServerMessage {
        if let hot = HotEventReader.read(line) { return hot }
        return try decode(Data(line))
    }
}
