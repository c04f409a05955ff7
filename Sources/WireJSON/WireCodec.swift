import Foundation

/// The JSON settings both sides use: snake_case keys, sorted keys, one object per line.
public enum WireCodec {
    /// An encoder producing compact JSON with sorted snake_case keys.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    /// A decoder reading snake_case keys.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
