import Foundation
import LobbyProtocol

extension Lobby {
    /// The `tables` reply to `list`: encoded once after the tables last changed and then
    /// reused, with the request's id spliced in, however many clients list how often.
    func tableList(id: RequestID?) -> Data {
        dispatchPrecondition(condition: .onQueue(queue))
        let event = { [self] in
            ServerEvent.tables(TableList(tables: infos.keys.sorted().compactMap { infos[$0] }))
        }
        let plain = tableListLine ?? encoder.line(event())
        tableListLine = plain
        guard id != nil else { return plain }
        return encoder.line(event(), id: id, from: plain)
    }
}
