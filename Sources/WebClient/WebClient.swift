import Foundation

/// The web page friends open on their phones: the files under `www/`, compiled into the
/// binary at build time (by the EmbedWebClient plugin) and served under `/`, `www/index.html`
/// at `/`. Adding a file to `www/` is all it takes to serve it; its extension must be one the
/// server knows a content type for.
public enum WebClient {
    /// Every file, with its path relative to `www/` (such as `index.html` or `js/app.js`).
    public static let files: [(path: String, bytes: [UInt8])] = embedded.map { entry in
        guard let data = Data(base64Encoded: entry.base64) else {
            preconditionFailure("the embedded copy of \(entry.path) is not base64")
        }
        return (entry.path, Array(data))
    }
}
