import LobbyProtocol

/// A table while the server's storage refuses writes: it holds the result under way (the
/// record's completion does not come), begins no new deal, hand or round, and tells its
/// members in plain words, then carries on once the storage works again.
extension TableCore {
    /// The storage failed or works again.
    mutating func storageChanged(_ condition: StorageCondition) {
        switch condition {
        case .failing(let reason):
            guard storageFailure == nil else { return }
            storageFailure = reason
            if status == .playing { tellStorage() }
            // The result may wait long now: whoever waits for a snapshot gets it at once.
            sendSnapshotsDue()
        case .ok:
            guard storageFailure != nil else { return }
            storageFailure = nil
            if toldStorageFailure { tellStorage() }
            guard let waiting = startWaiting else { return }
            startWaiting = nil
            switch waiting {
            case .game: startGame()
            case .hand: startHand()
            }
        }
    }

    /// True (after putting the start off) when the storage fails: the deal, hand or round
    /// `waiting` begins once it works again.
    mutating func startPutOff(_ waiting: StartWaiting) -> Bool {
        guard storageFailure != nil else { return false }
        startWaiting = waiting
        if !toldStorageFailure { tellStorage() }
        return true
    }

    /// Tells everyone at the table how the storage stands.
    private mutating func tellStorage() {
        toldStorageFailure = storageFailure != nil
        send(.storage(storageNotice), to: .everyone)
    }

    /// What the members are told of the storage now.
    var storageNotice: StorageNotice {
        guard let reason = storageFailure else {
            return StorageNotice(
                table: id, state: .ok, message: "results are being saved again; play resumes")
        }
        let held = pending == nil ? "" : "this table holds its last result, and "
        return StorageNotice(
            table: id, state: .failing,
            message: "the server cannot save results (\(reason.lowercased())): "
                + "\(held)no new game begins here until it can; play resumes by itself then")
    }

    /// Sends `session` the storage notice while the storage fails (after a snapshot, so that
    /// one who arrives then knows why the table waits).
    mutating func tellStorageFailure(to session: SessionID) {
        guard storageFailure != nil, status == .playing else { return }
        send(.storage(storageNotice), to: .session(session))
    }
}
