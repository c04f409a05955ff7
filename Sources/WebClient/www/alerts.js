// Turn alerts: a short tone made with Web Audio (no sound files), a vibration where the
// phone has one, and a flashing title while the tab is hidden. Each can be switched off.
// Plain http on a LAN is not a secure context, so there is no Wake Lock or Notification.

let audio = null;
let flashing = null;
let baseTitle = document.title;

/** Browsers allow sound only after a tap: the first one unlocks it. */
export function unlockAudio() {
  if (audio) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = new Context();
  } catch {
    audio = null;
  }
}

/** Two short rising notes (or one low one for a warning). */
export function tone(kind = 'turn') {
  if (!audio) return;
  if (audio.state === 'suspended') audio.resume();
  const notes = kind === 'warning' ? [440, 440] : kind === 'alert' ? [880, 660, 880] : [660, 880];
  const start = audio.currentTime + 0.01;
  notes.forEach((frequency, i) => {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    const at = start + i * 0.14;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.12);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.13);
  });
}

/** True once the person has tapped the page: browsers refuse sound and vibration before. */
function activated() {
  return navigator.userActivation ? navigator.userActivation.hasBeenActive : !!audio;
}

/** A short buzz, on phones that have it (Android; iOS has no vibration API). */
export function buzz(pattern = [120, 60, 120]) {
  if (navigator.vibrate && activated()) navigator.vibrate(pattern);
}

/** Flashes the title until the tab is shown again. */
export function flashTitle(text) {
  if (!document.hidden || flashing) return;
  baseTitle = document.title;
  let on = false;
  flashing = setInterval(() => {
    on = !on;
    document.title = on ? text : baseTitle;
  }, 900);
}

/** Stops the flashing title. */
export function stopFlashing() {
  if (!flashing) return;
  clearInterval(flashing);
  flashing = null;
  document.title = baseTitle;
}

document.addEventListener('visibilitychange', () => {
  if (!document.hidden) stopFlashing();
});

/** Alerts the person that it is their turn, as their settings allow. */
export function turnAlert(settings, kind = 'turn') {
  if (settings.sound) tone(kind);
  if (settings.vibrate) buzz(kind === 'warning' ? [60, 60, 60] : [120, 60, 120]);
  if (settings.flash) flashTitle(kind === 'warning' ? '⏰ hurry!' : '🃏 your turn');
}
