import CardGames
import LobbyProtocol

extension DealReplay {
    /// The record's revealed seed, once it is present, readable and matches the record's
    /// commitment.
    static func revealedSeed(_ record: DealRecord) -> Result<DealSeed, DealReplayError> {
        guard let seedHex = record.seed else { return .failure(.missingField("seed")) }
        guard let commitment = record.commitment else {
            return .failure(.missingField("commitment"))
        }
        guard let seed = DealSeed(hex: seedHex) else { return .failure(.invalidSeed) }
        guard seed.commitment == commitment.lowercased() else {
            return .failure(.commitmentMismatch)
        }
        return .success(seed)
    }
}
