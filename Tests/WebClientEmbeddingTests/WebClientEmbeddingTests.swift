import Foundation
import Testing
import WebClient
import WebServer

@Suite struct WebClientEmbeddingTests {
    /// The folder the files come from, beside the target's sources.
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/WebClient/www")

    @Test func everyFileInTheFolderIsEmbeddedAsItIs() throws {
        var onDisk: [String: [UInt8]] = [:]
        let walker = try #require(
            FileManager.default.enumerator(
                at: Self.folder, includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles]))
        for case let url as URL in walker
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(Self.folder.standardizedFileURL.path.count + 1))
            onDisk[path] = Array(try Data(contentsOf: url))
        }
        let embedded = Dictionary(uniqueKeysWithValues: WebClient.files.map { ($0.path, $0.bytes) })
        #expect(embedded == onDisk)
        #expect(embedded["index.html"] != nil)
    }

    @Test func everyFileHasAContentType() throws {
        let files = try WebFiles(WebClient.files)
        #expect(files.file(at: "/")?.contentType == "text/html; charset=utf-8")
        for path in files.paths {
            #expect(files.file(at: path[...]) != nil)
        }
    }

    /// Text files are UTF-8: they are served with `charset=utf-8`.
    @Test func textFilesAreUTF8() {
        for (path, bytes) in WebClient.files
        where ContentType.of(path: "/" + path)?.contains("charset=utf-8") == true {
            #expect(String(validating: bytes, as: UTF8.self) != nil, "\(path)")
        }
    }
}
