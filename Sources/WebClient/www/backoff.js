// When the connection drops the page tries again at once, then waits longer after each
// failure, up to a few seconds, with some jitter so that a room of phones does not knock at
// the same instant after the server restarts.

/** The delays: the first retry is immediate, then 0.5 s doubling up to 4 s. */
export const BACKOFF = Object.freeze({ first: 0, base: 500, factor: 2, max: 4000, jitter: 0.2 });

/**
 * The wait in ms before retry number `attempt` (0 for the first retry after a drop).
 * `random` is a number in [0, 1) (injected, so that tests are exact).
 */
export function retryDelay(attempt, random = 0.5, policy = BACKOFF) {
  if (attempt <= 0) return policy.first;
  const plain = Math.min(policy.max, policy.base * policy.factor ** (attempt - 1));
  const spread = plain * policy.jitter * (2 * random - 1);
  return Math.round(Math.min(policy.max, Math.max(0, plain + spread)));
}

/**
 * The reconnect schedule of one connection: counts failures, says how long to wait, and
 * starts over once a session is welcomed again.
 */
export class Backoff {
  constructor(random = Math.random, policy = BACKOFF) {
    this.random = random;
    this.policy = policy;
    this.attempt = 0;
  }

  /** The wait before the next try, counting it. */
  next() {
    return retryDelay(this.attempt++, this.random(), this.policy);
  }

  /** Called when the server welcomed the session: the next drop retries at once. */
  reset() {
    this.attempt = 0;
  }
}
