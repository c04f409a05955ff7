// The page's one connection to the server: a WebSocket at /ws carrying the JSON protocol,
// one message per frame. It reconnects by itself, at once and then backing off to a few
// seconds, and again as soon as the phone is back (online, tab shown, page restored):
// phones drop sockets when they sleep, and Wi-Fi vanishes without a word.

import { Backoff } from './backoff.js';

/** How often an idle connection proves it is alive, and how long a reply may take. */
const PING_EVERY_MS = 25_000;
const PING_ANSWER_MS = 8_000;
const WAKE_ANSWER_MS = 3_000;

export class Connection {
  /**
   * `onOpen()` runs when a socket opens (say hello there), `onMessage(message)` for each
   * message, `onStatus(status)` with `connecting`, `open`, `reconnecting` or `offline`.
   */
  constructor({ url, onOpen, onMessage, onStatus, random = Math.random }) {
    this.url = url;
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.backoff = new Backoff(random);
    this.socket = null;
    this.nextId = 1;
    this.retryTimer = null;
    this.pingTimer = null;
    this.answerTimer = null;
    this.stopped = false;
    this.everOpened = false;
    const wake = () => this.wake();
    window.addEventListener('online', wake);
    window.addEventListener('pageshow', wake);
    window.addEventListener('offline', () => this.status(navigator.onLine ? 'reconnecting' : 'offline'));
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) wake();
    });
  }

  status(value) {
    this.current = value;
    this.onStatus(value);
  }

  /** Opens the socket (again). */
  connect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    this.status(this.everOpened ? 'reconnecting' : 'connecting');
    let socket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.everOpened = true;
      this.status('open');
      this.schedulePing();
      this.onOpen();
    };
    socket.onmessage = (event) => {
      this.heard();
      for (const line of String(event.data).split('\n')) {
        if (!line.trim()) continue;
        let message;
        try {
          message = JSON.parse(line);
        } catch {
          continue;
        }
        this.onMessage(message);
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearTimeout(this.pingTimer);
      clearTimeout(this.answerTimer);
      if (!this.stopped) this.scheduleRetry();
    };
    socket.onerror = () => {
      // A close follows; it schedules the retry.
    };
  }

  scheduleRetry() {
    if (this.retryTimer || this.stopped) return;
    if (!navigator.onLine) {
      this.status('offline'); // `online` reconnects
      return;
    }
    this.status('reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, this.backoff.next());
  }

  /** The server welcomed the session: the next drop retries at once again. */
  welcomed() {
    this.backoff.reset();
  }

  /** The phone is back: reconnect now, or check that the open socket still answers. */
  wake() {
    if (this.stopped) return;
    if (!this.socket || this.socket.readyState > WebSocket.OPEN) {
      this.backoff.reset();
      this.connect();
      return;
    }
    if (this.socket.readyState === WebSocket.OPEN) this.probe(WAKE_ANSWER_MS);
  }

  heard() {
    clearTimeout(this.answerTimer);
    this.answerTimer = null;
    this.schedulePing();
  }

  schedulePing() {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => this.probe(PING_ANSWER_MS), PING_EVERY_MS);
  }

  /** Sends a ping; a socket that says nothing back in time is dropped and opened again. */
  probe(within) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    if (this.answerTimer) return;
    this.rawSend({ type: 'ping' });
    this.answerTimer = setTimeout(() => {
      this.answerTimer = null;
      const stale = this.socket;
      this.socket = null;
      if (stale) {
        stale.onclose = null;
        try { stale.close(); } catch { /* already gone */ }
      }
      this.backoff.reset();
      this.connect();
    }, within);
  }

  rawSend(request) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(request));
    return true;
  }

  /** Sends a request with a fresh `id`; returns the request sent, or null when not open. */
  send(request) {
    const withId = { ...request, id: this.nextId++ };
    return this.rawSend(withId) ? withId : null;
  }

  /** True while the socket is open. */
  get open() {
    return !!this.socket && this.socket.readyState === WebSocket.OPEN;
  }

  /** Stops for good (another tab took the session over). */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.pingTimer);
    clearTimeout(this.answerTimer);
    if (this.socket) {
      this.socket.onclose = null;
      this.socket.close();
      this.socket = null;
    }
  }

  /** Starts again after `stop`. */
  resume() {
    this.stopped = false;
    this.backoff.reset();
    this.connect();
  }
}
