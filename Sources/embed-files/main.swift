import Foundation

// Writes a Swift file that holds every file under a folder, each as base64 text: a string
// literal compiles at once where a byte-array literal of the same file took a minute.
// Arguments: the folder, the Swift file to write. Used by the EmbedWebClient plugin.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: embed-files FOLDER OUTPUT.swift\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1]).standardizedFileURL
var entries: [(path: String, base64: String)] = []
if let walker = FileManager.default.enumerator(
    at: folder, includingPropertiesForKeys: [.isRegularFileKey],
    options: [.skipsHiddenFiles])
{
    for case let url as URL in walker
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        let path = String(url.standardizedFileURL.path.dropFirst(folder.path.count + 1))
        guard let bytes = try? Data(contentsOf: url) else {
            FileHandle.standardError.write(Data("embed-files: cannot read \(path)\n".utf8))
            exit(1)
        }
        entries.append((path, bytes.base64EncodedString()))
    }
}
entries.sort { $0.path < $1.path }
var source = "// Made by the EmbedWebClient plugin from the files under www/ at build time.\n"
source += "extension WebClient {\n    static let embedded: [(path: String, base64: String)] = [\n"
for entry in entries {
    let path = entry.path.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
    source += "        (\"\(path)\", \"\(entry.base64)\"),\n"
}
source += "    ]\n}\n"
do {
    try source.write(toFile: arguments[2], atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("embed-files: \(error)\n".utf8))
    exit(1)
}
