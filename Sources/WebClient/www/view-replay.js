// A finished game stepped through move by move: the hands at the start, then each play,
// forward and back, with the check against its revealed seed.

import { el, fill } from './dom.js';
import { framesOf } from './replay.js';
import { cardFace, cardRow } from './view-cards.js';
import { verifiedMark, signed } from './view-common.js';

function bigTwoFrame(replay, frame, fourColour) {
  return el('div', { class: 'replay-hands' }, frame.hands.map((hand, seat) => el('div', {
    class: `replay-seat${frame.seat === seat ? ' moved' : ''}${frame.table?.seat === seat ? ' on-table' : ''}` },
  el('p', { class: 'seat-name' }, replay.names[seat], ` · ${hand.length}`,
    frame.passed.includes(seat) ? el('span', { class: 'tag passed' }, 'passed') : null),
  el('div', { class: 'replay-cards' }, hand.map((code) => cardFace(code, { fourColour, size: 'tiny' })))),
  ), frame.table ? el('div', { class: 'centre' }, cardRow(frame.table.cards, fourColour, 'medium')) : null);
}

function boardFrame(frame) {
  return el('div', { class: 'grid ttt small' }, frame.board.split('').map((mark) =>
    el('span', { class: `cell ${mark === '.' ? 'empty' : mark}` }, mark === '.' ? '' : mark.toUpperCase())));
}

function memoryFrame(replay, frame) {
  const columns = replay.layout.length <= 16 ? 4 : 6;
  return el('div', { class: 'grid memory small', style: { gridTemplateColumns: `repeat(${columns}, 1fr)` } },
    replay.layout.split('').map((face, i) => {
      const shown = frame.up[i] || (frame.shown || []).includes(i);
      const owner = frame.owners[i];
      return el('span', { class: `memory-card${shown ? ' up' : ''}${owner !== null ? ` owner-${owner}` : ''}` },
        shown ? face : String(i + 1));
    }));
}

function listFrame(frame) {
  const lines = frame.bets ? frame.bets.map((bet) => `seat ${bet.seat + 1}: ${bet.words}`)
    : (frame.plays || []).map((play, i) => `play ${i + 1}: ${play.cards.join(' vs ')}`);
  return el('ul', { class: 'plays' }, lines.map((line) => el('li', {}, line)));
}

/** Renders the replay of `record` at step `ui.replayStep` into `root`. */
export function renderReplay(root, ctx, record) {
  const { ui, settings, act } = ctx;
  let replay;
  try {
    replay = framesOf(record);
  } catch (error) {
    fill(root, el('section', { class: 'panel' }, el('p', {}, `This record cannot be replayed: ${error.message}`),
      el('button', { type: 'button', onclick: () => act.closeReplay() }, 'Back')));
    return;
  }
  const last = replay.frames.length - 1;
  const step = Math.max(0, Math.min(ui.replayStep, last));
  const frame = replay.frames[step];
  let picture;
  if (record.kind === 'bigtwo') picture = bigTwoFrame(replay, frame, settings.fourColour);
  else if (record.kind === 'tictactoe') picture = boardFrame(frame);
  else if (record.kind === 'memory') picture = memoryFrame(replay, frame);
  else picture = listFrame(frame);
  const result = replay.result ? el('p', { class: 'note' }, 'Result: ',
    replay.names.map((name, seat) => `${name} ${signed(replay.result.scores?.[seat] ?? 0)}`).join(', '))
    : el('p', { class: 'note' }, 'Abandoned before the end.');
  fill(root, el('section', { class: 'panel replay', dataset: { testid: 'replay-view' } },
    el('div', { class: 'panel-head' },
      el('h2', {}, `${record.table_name} · #${record.record}`),
      el('button', { type: 'button', class: 'quiet', dataset: { testid: 'replay-close' }, onclick: () => act.closeReplay() }, '✕')),
    el('p', { class: 'replay-step', 'aria-live': 'polite', dataset: { testid: 'replay-step' } },
      `${step} / ${last} · ${frame.text}`),
    picture,
    el('div', { class: 'actions' },
      el('button', { type: 'button', 'aria-label': 'first', disabled: step === 0, onclick: () => act.replayStep(0) }, '«'),
      el('button', { type: 'button', 'aria-label': 'back', disabled: step === 0, dataset: { testid: 'replay-back' },
        onclick: () => act.replayStep(step - 1) }, '◀'),
      el('button', { type: 'button', class: 'primary', 'aria-label': 'next', disabled: step === last,
        dataset: { testid: 'replay-next' }, onclick: () => act.replayStep(step + 1) }, '▶'),
      el('button', { type: 'button', 'aria-label': 'last', disabled: step === last, onclick: () => act.replayStep(last) }, '»')),
    step === last ? result : null,
    verifiedMark(replay.verification, 'this game')));
}
