import LobbyClient
import Testing

@Suite struct LineEditorTests {
    func feed(_ editor: inout LineEditor, _ text: String) -> [LineEditor.Effect] {
        text.utf8.map { editor.feed($0) }
    }

    @Test func typingBackspaceAndEnter() {
        var editor = LineEditor()
        _ = feed(&editor, "plax")
        #expect(editor.text == "plax")
        #expect(editor.feed(0x7F) == .changed)
        _ = feed(&editor, "y 3♦")
        #expect(editor.text == "play 3♦")
        #expect(editor.feed(0x0D) == .submitted("play 3♦"))
        #expect(editor.text == "")
    }

    @Test func backspaceRemovesAWholeCharacterAndHalfACharacterIsNotShown() {
        var editor = LineEditor()
        _ = feed(&editor, "3♦")
        let diamond = Array("♦".utf8)
        #expect(editor.feed(0x7F) == .changed)
        #expect(editor.text == "3")
        #expect(editor.feed(diamond[0]) == .changed)
        #expect(editor.text == "3")
        _ = diamond.dropFirst().map { editor.feed($0) }
        #expect(editor.text == "3♦")
    }

    @Test func arrowKeysAreIgnoredAndControlUClears() {
        var editor = LineEditor()
        _ = feed(&editor, "pass\u{1B}[A\u{1B}[D")
        #expect(editor.text == "pass")
        #expect(editor.feed(0x15) == .changed)
        #expect(editor.text == "")
    }

    @Test func controlDEndsInputOnlyOnAnEmptyLine() {
        var editor = LineEditor()
        _ = feed(&editor, "x")
        #expect(editor.feed(0x04) == .none)
        _ = editor.feed(0x7F)
        #expect(editor.feed(0x04) == .endOfInput)
    }
}

@Suite struct TextWrapperTests {
    let hand = "  your hand: 1:3♦ 2:3♣ 3:4♥ 4:6♠ 5:7♦ 6:9♣ 7:10♥ 8:10♠ 9:J♦ 10:Q♣ 11:K♥ 12:A♠ 13:2♦"

    @Test func wrapsAtFortyColumnsWithoutBreakingACard() {
        let pieces = TextWrapper(columns: 40).wrap(hand)
        #expect(pieces.count > 1)
        for piece in pieces { #expect(TextWrapper.visibleWidth(piece) <= 40, "\(piece)") }
        let words = pieces.flatMap { $0.split(separator: " ") }.map(String.init)
        #expect(words == hand.split(separator: " ").map(String.init))
        #expect(pieces.dropFirst().allSatisfy { $0.hasPrefix("    ") })
    }

    @Test func narrowerThanFortyIsTreatedAsForty() {
        #expect(TextWrapper(columns: 20).width == 40)
        #expect(TextWrapper(columns: 20).wrap("short line") == ["short line"])
    }

    @Test func colourCodesTakeNoWidth() {
        let red = "\u{1B}[31m3♦\u{1B}[0m"
        #expect(TextWrapper.visibleWidth(red) == 2)
        let line = Array(repeating: red, count: 20).joined(separator: " ")
        let pieces = TextWrapper(columns: 40).wrap(line)
        #expect(pieces.count == 2)
        #expect(pieces.allSatisfy { TextWrapper.visibleWidth($0) <= 40 })
    }
}
