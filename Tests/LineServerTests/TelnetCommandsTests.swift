import Foundation
import LineServer
import Testing

@Suite struct TelnetCommandsTests {
    static let iac: UInt8 = 255

    func removed(_ bytes: [UInt8]) -> [UInt8] {
        [UInt8](TelnetCommands.removed(from: Data(bytes)))
    }

    @Test func linesWithoutCommandsPassUnchanged() {
        let line = Array("play 3♦ 3♣".utf8)
        #expect(removed(line) == line)
        #expect(removed([]) == [])
    }

    @Test func optionVerbsTakeOneByte() {
        for verb: UInt8 in 251...254 {
            #expect(removed([Self.iac, verb, 1] + Array("ok".utf8)) == Array("ok".utf8))
        }
    }

    @Test func twoByteCommandsGoEvenMidLine() {
        #expect(removed(Array("a".utf8) + [Self.iac, 241, 98]) == [97, 98])
        #expect(removed([Self.iac, 244] + Array("x".utf8)) == Array("x".utf8), "IAC IP")
    }

    @Test func subnegotiationRunsToIACSE() {
        let window: [UInt8] = [Self.iac, 250, 31, 0, 80, Self.iac, Self.iac, 24, Self.iac, 240]
        #expect(removed(window + Array("hi".utf8)) == Array("hi".utf8))
        #expect(removed(Array("hi".utf8) + [Self.iac, 250, 24, 1]) == Array("hi".utf8))
    }

    @Test func escapedByteStaysAndTruncatedCommandsGo() {
        #expect(removed([97, Self.iac, Self.iac, 98]) == [97, 255, 98])
        #expect(removed([97, Self.iac]) == [97])
        #expect(removed([97, Self.iac, 253]) == [97])
    }
}
