extension TableCore {
    /// Moves the turn's deadline and every timer set `delay` milliseconds later, so that the
    /// time left on each is what it was before a pause the table did not run through (a
    /// server restart). The host moves its own timers by the same delay.
    public mutating func postpone(by delay: Milliseconds) {
        guard delay > 0 else { return }
        deadline = deadline.map { $0 + delay }
        for timer in timers.keys { timers[timer]? += delay }
    }
}
