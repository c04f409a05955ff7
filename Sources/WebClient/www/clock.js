// Turn deadlines come as the server's Unix time in milliseconds. A phone's clock may be off
// by seconds, so the page estimates the server's clock from the messages that say how much
// time is left, and counts down from that estimate.

/** How many recent estimates are kept: the largest of them is used. */
const KEPT = 8;

/**
 * A clock that learns the offset (server time minus local time) from lower bounds on it.
 * `timer` says exactly how many seconds are left; a fresh `turn` with a deadline was sent at
 * most the table's turn time before that deadline. Each gives a bound the true offset is at
 * or above (less the time the message took to arrive), so the largest recent bound is the
 * best estimate; old ones are dropped so that a corrected clock is followed.
 */
export class ServerClock {
  constructor() {
    this.bounds = [];
  }

  /** The estimated offset in ms (0 until something was learnt). */
  get offset() {
    return this.bounds.length ? Math.max(...this.bounds) : 0;
  }

  /** Learns from a message sent when the server's clock read `serverTime`, received `now`. */
  learn(serverTime, now) {
    if (!Number.isFinite(serverTime)) return;
    this.bounds.push(serverTime - now);
    if (this.bounds.length > KEPT) this.bounds.shift();
  }

  /** Learns from a `timer` event (sent when `seconds_left` were left). */
  learnTimer(event, now) {
    this.learn(event.deadline - event.seconds_left * 1000, now);
  }

  /** Learns from a `turn`-like event with a deadline at a table of `turnSeconds` per turn. */
  learnTurn(deadline, turnSeconds, now) {
    if (deadline && turnSeconds > 0) this.learn(deadline - turnSeconds * 1000, now);
  }

  /** The server's time now, by the estimate. */
  serverNow(now) {
    return now + this.offset;
  }
}

/** Whole seconds left until `deadline` (server ms) at local time `now`; never below 0. */
export function secondsLeft(deadline, now, offset = 0) {
  if (!deadline) return null;
  return Math.max(0, Math.ceil((deadline - (now + offset)) / 1000));
}

/** Seconds as people read a countdown: `45 s`, `1:05`, `12:00`. */
export function formatSeconds(seconds) {
  if (seconds === null || seconds === undefined) return '';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
