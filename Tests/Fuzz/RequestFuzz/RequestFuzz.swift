import CardGames
import Foundation
import LobbyProtocol
import WireJSON

/// libFuzzer entry point: any bytes a client might send must parse to a request or a clean
/// protocol failure, never crash; card notation must round-trip, and so must every accepted
/// request through the client's encoder and the parser (one schema both ways).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestLine(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let line = Data(bytes: bytes, count: count)
    _ = try? JSONReader.read(line)
    switch RequestParser.parse(line) {
    case .success(let envelope):
        if case .play(let cards) = envelope.request {
            let again = try? Card.parseList(cards.map(\.notation).joined(separator: " "))
            precondition(again == cards, "card notation does not round-trip")
        }
        let encoded = RequestLineEncoder().line(envelope.request, id: envelope.id)
        let reparsed = try? RequestParser.parseJSON(Data(encoded.dropLast())).get()
        precondition(reparsed == envelope, "a request does not survive encoding and parsing")
    case .failure(let failure):
        precondition(!failure.message.isEmpty, "a failure without a message")
    case .none:
        break
    }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// The executable's entry point: hands control to libFuzzer's driver.
@_cdecl("request_fuzz_main")
public func fuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { bytes, size in fuzzRequestLine(bytes, size) }
}
