import Foundation

/// Data directories written by earlier versions of the server, kept in `Tests/Fixtures` so
/// that every later version is held to reading them (see the README there).
public enum Fixtures {
    /// The folder of the fixtures in the source tree.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures", isDirectory: true)

    /// The data directory written by the server at commit e6808bc: a game log of three
    /// segments and a checkpoint, and a table journal with a table of every kind in play.
    public static let dataE6808bc = folder.appendingPathComponent("data-e6808bc")

    /// The data directory written by the server at commit 3e3ff92, stopped with a table of
    /// every kind in play: a game log of one segment and a checkpoint, a table journal whose
    /// live tables were made with settings other than the defaults, and the deal-number block.
    public static let data3e3ff92 = folder.appendingPathComponent("data-3e3ff92")

    /// A fresh copy of the fixture data directory `source`, for a test to open (a server
    /// writes to its data directory; the fixture itself stays as it was).
    public static func copy(of source: URL) throws -> TemporaryDirectory {
        let copy = TemporaryDirectory()
        try copy.create()
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: copy.file(name))
        }
        return copy
    }
}
