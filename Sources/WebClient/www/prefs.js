// What the page keeps on the phone between visits (localStorage): the name, the session
// token (so that a reload or a reconnect resumes the seat), and the person's settings.

const KEY = 'bigtwo.';

function read(name, fallback) {
  try {
    const text = localStorage.getItem(KEY + name);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

function write(name, value) {
  try {
    if (value === undefined || value === null) localStorage.removeItem(KEY + name);
    else localStorage.setItem(KEY + name, JSON.stringify(value));
  } catch {
    // Private browsing may refuse storage: the page still works, it just forgets.
  }
}

/** The settings a person can change, with their defaults. */
export const DEFAULTS = Object.freeze({
  fourColour: false, sort: 'rank', sound: true, vibrate: true, flash: true,
});

/** The stored settings. */
export function settings() {
  return { ...DEFAULTS, ...read('settings', {}) };
}

/** Stores one setting. */
export function setSetting(name, value) {
  write('settings', { ...settings(), [name]: value });
}

export const session = {
  get name() { return read('name', ''); },
  set name(value) { write('name', value); },
  get token() { return read('token', null); },
  set token(value) { write('token', value); },
};

/** The hand dealt at the start of a deal, kept so that a reload can still verify it. */
export const dealt = {
  get() { return read('dealt', null); },
  set(value) { write('dealt', value); },
};
