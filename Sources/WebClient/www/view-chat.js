// Chat, at the table and in the lobby: every line written as text, never as HTML.

import { el, fill } from './dom.js';

function time(at) {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The chat panel's parts, made once so that what is being typed survives each render. */
export function buildChat(act) {
  const log = el('ol', { class: 'chat-log', dataset: { testid: 'chat-log' }, 'aria-live': 'polite',
    'aria-label': 'chat' });
  const input = el('input', { type: 'text', maxlength: '500', autocomplete: 'off', enterkeyhint: 'send',
    placeholder: 'Say something…', dataset: { testid: 'chat-input' }, 'aria-label': 'chat message' });
  const scope = el('span', { class: 'chat-scope' }, '');
  const form = el('form', { class: 'chat-form', onsubmit: (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (act.chat(text)) input.value = '';
  } }, scope, input, el('button', { type: 'submit', dataset: { testid: 'chat-send' } }, 'Send'));
  const panel = el('section', { class: 'panel chat', 'aria-label': 'chat' }, log, form);
  return { panel, log, input, scope };
}

/** Shows the chat lines of the place the person is in (the table's and the lobby's). */
export function renderChat(chat, state) {
  const atTable = !!state.table;
  const lines = state.chat.filter((line) => atTable || line.scope === 'lobby');
  const shown = lines.slice(-80);
  const keyOf = (line) => `${line.at}|${line.from}|${line.text}`;
  const key = shown.map(keyOf).join('\n');
  chat.scope.textContent = atTable ? 'table' : 'lobby';
  if (chat.log.dataset.key === key) return;
  const stuck = chat.log.scrollTop + chat.log.clientHeight >= chat.log.scrollHeight - 8;
  fill(chat.log, shown.length ? shown.map((line) => el('li', { class: `chat-line ${line.scope}` },
    el('span', { class: 'chat-time' }, time(line.at)), ' ',
    el('b', { class: 'chat-from' }, line.from), atTable && line.scope === 'lobby' ? el('span', { class: 'tag' }, 'lobby') : null,
    ' ', el('span', { class: 'chat-text' }, line.text))) : el('li', { class: 'note' }, 'No messages yet.'));
  chat.log.dataset.key = key;
  if (stuck) chat.log.scrollTop = chat.log.scrollHeight;
}
