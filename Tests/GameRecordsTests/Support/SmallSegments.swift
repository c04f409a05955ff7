import GameRecords

/// Options that roll segments over after about `bytes` bytes and checkpoint every
/// `checkpointEvery` records.
func smallSegments(_ bytes: Int = 4096, checkpointEvery: Int = 1_000_000) -> GameLog.Options {
    GameLog.Options(segmentBytes: bytes, checkpointInterval: checkpointEvery)
}
