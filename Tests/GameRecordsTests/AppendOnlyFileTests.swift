import Foundation
import Glibc
import Testing
import TestSupport

@testable import GameRecords

/// The file under every log: whole appends at its end, a length that only counts complete
/// writes, and a write the disk refuses leaving nothing of itself behind.
@Suite struct AppendOnlyFileTests {
    @Test func appendsGoToTheEndAndTheLengthCountsThem() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try dir.create()
        let path = dir.file("log").path
        do {
            let file = try AppendOnlyFile(path: path)
            #expect(file.length == 0)
            try file.append(Array("one\n".utf8))
            try file.append(Array("two\n".utf8))
            try file.sync()
            #expect(file.length == 8)
        }
        let reopened = try AppendOnlyFile(path: path)
        #expect(reopened.length == 8)
        try reopened.append(Array("three\n".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\nthree\n")
        try reopened.truncate(to: 4)
        #expect(reopened.length == 4)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\n")
    }

    @Test func aWriteTheDiskRefusesThrowsAndKeepsTheLength() throws {
        // Every write to /dev/full fails with ENOSPC, as on a full disk.
        let file = try AppendOnlyFile(path: "/dev/full")
        let before = file.length
        #expect(throws: GameLogError.writeFailed(errno: ENOSPC)) {
            try file.append(Array("a record\n".utf8))
        }
        #expect(file.length == before)
    }

    @Test func aFileThatCannotBeOpenedIsNamed() throws {
        let path = "/nonexistent-directory-\(UUID().uuidString)/log"
        #expect(throws: GameLogError.cannotOpen(path: path, errno: ENOENT)) {
            _ = try AppendOnlyFile(path: path)
        }
    }
}
