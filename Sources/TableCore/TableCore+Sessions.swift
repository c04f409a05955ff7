/// People who drop, come back, or are taken for away after letting turns time out.
extension TableCore {
    /// The person's connection dropped: a bot plays the seat until they come back, or for
    /// good once the reconnect time is over. A watcher stays a watcher for the reconnect time
    /// (resuming, they watch on from a snapshot), then leaves.
    mutating func disconnected(_ session: SessionID) {
        guard members[session] != nil else { return }
        members[session]?.connected = false
        // A table that has not started keeps a seat for a shorter time: one whose people made
        // it and left ends soon.
        let keep = status == .waiting ? setup.waitingReconnect : setup.reconnect
        setTimer(.release(session), at: now + keep)
        guard let seat = seatIndex(of: session) else { return }
        if status == .playing, seats[seat].bot == nil {
            seats[seat].bot = game.makeBot(seat: seat)
            send(control(seat, bot: true, reason: "disconnected"), to: .everyone)
            reannounceIfAwaiting(seat)
        } else {
            broadcastTableNotice(except: nil)
        }
    }

    /// The person resumed the session: the seat is theirs again (unless they wait for the
    /// next deal); they get a snapshot.
    mutating func returned(_ session: SessionID) {
        guard members[session] != nil else { return }
        members[session]?.connected = true
        cancelTimer(.release(session))
        guard let seat = seatIndex(of: session) else {
            // A watcher comes back unless the table took as many others meanwhile: then `left`.
            if let cap = setup.maxWatchers, watchersConnected > cap {
                leave(session, id: nil, reply: true)
                return
            }
            sendSnapshot(to: session, id: nil)
            return
        }
        if status == .playing, seats[seat].bot != nil, !seats[seat].reserved {
            handBack(seat)
            send(control(seat, bot: false, reason: "returned"), to: .everyone)
            sendSnapshot(to: session, id: nil)
            reannounceIfAwaiting(seat)
        } else {
            sendSnapshot(to: session, id: nil)
            broadcastTableNotice(except: nil)
            // A turn that waited for them (a restart's grace) is theirs, with the time left.
            if status == .playing, pending == nil, game.seatToAct == seat, seats[seat].bot == nil
            {
                send(
                    .game(game.turnEvent(seat: seat, deadline: deadline)), to: .session(session),
                    delivery: .prompt(session))
            }
        }
    }

    /// A dropped person did not come back in time: the bot keeps the seat.
    mutating func released(_ session: SessionID) {
        guard members[session]?.connected == false else { return }
        effects.append(.note("table \(id): a dropped player did not come back"))
        leave(session, id: nil, reply: false)
    }

    /// A person taken for away after repeated timeouts is back: the seat is theirs again.
    mutating func reclaimIfAway(_ session: SessionID) {
        guard let seat = seatIndex(of: session), seats[seat].away else { return }
        handBack(seat)
        send(control(seat, bot: false, reason: "returned"), to: .everyone)
        reannounceIfAwaiting(seat)
    }

    /// The person at `seat` made a move the game accepted: the timeouts in a row start again,
    /// and a person taken for away has the seat back.
    mutating func seatActed(_ seat: Int) {
        seats[seat].timeouts = 0
        guard seats[seat].away else { return }
        handBack(seat)
        send(control(seat, bot: false, reason: "returned"), to: .everyone)
    }

    /// Counts a timed-out turn of `seat`; after enough in a row the person counts as away and
    /// a bot plays the seat until they send a request.
    mutating func noteTimeout(seat: Int) {
        effects.append(.note("table \(id): seat \(seat) timed out"))
        seats[seat].timeouts += 1
        guard seats[seat].timeouts >= setup.timeoutsBeforeAway, seats[seat].bot == nil else {
            return
        }
        seats[seat].bot = game.makeBot(seat: seat)
        seats[seat].away = true
        send(control(seat, bot: true, reason: "timeouts"), to: .everyone)
    }

    /// Gives `seat` back to its person: no bot, not away, no timeouts counted.
    mutating func handBack(_ seat: Int) {
        seats[seat].bot = nil
        seats[seat].away = false
        seats[seat].timeouts = 0
    }
}
