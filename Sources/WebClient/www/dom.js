// Building the page's elements. Every piece of text goes in as a text node (textContent),
// never as HTML: names, chat and everything else the server sends stay text.
//
// Views build a fresh tree at each render and `fill` morphs the page into it: elements that
// are still there are kept and patched, so a tap that lands while the page re-renders (a bot
// moved, a countdown ticked) still reaches its button, and focus and scroll stay put.

/** Listens through `node._handlers`, so that a morph can hand a node a newer handler. */
function listen(node, type, handler) {
  if (!node._handlers) node._handlers = {};
  if (!node._handlers[type]) node.addEventListener(type, (event) => node._handlers[type]?.(event));
  node._handlers[type] = handler;
}

/** Sets styles through the style object (`gridTemplateColumns`, or custom `--turn`). */
function setStyle(node, styles) {
  for (const [name, value] of Object.entries(styles)) {
    if (name.startsWith('--')) node.style.setProperty(name, value);
    else node.style[name] = value;
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * An element: `el('button', {class: 'x', onclick: f, dataset: {card: '3D'}}, 'Play')`.
 * Children are nodes or strings (made text nodes); null, undefined and false are skipped.
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'dataset') {
      for (const [name, item] of Object.entries(value)) {
        if (item !== undefined && item !== null) node.dataset[name] = item;
      }
    } else if (key === 'style') setStyle(node, value);
    else if (key.startsWith('on')) listen(node, key.slice(2), value);
    else if (key === 'text') node.textContent = value;
    else if (key in node && typeof value !== 'string') node[key] = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

/** An SVG element, built like `el`. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) listen(node, key.slice(2), value);
    // Through the style object: a style attribute would be refused by the page's policy.
    else if (key === 'style') setStyle(node, value);
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function sameKind(old, fresh) {
  if (old.nodeType !== fresh.nodeType) return false;
  if (old.nodeType !== Node.ELEMENT_NODE) return true;
  return old.namespaceURI === fresh.namespaceURI && old.tagName === fresh.tagName
    && old.dataset.key === fresh.dataset.key;
}

function patchAttributes(old, fresh) {
  for (const { name } of [...old.attributes]) {
    if (name === 'style') continue;
    if (!fresh.hasAttribute(name) && !(name === 'open' && old.tagName === 'DETAILS')) {
      old.removeAttribute(name);
    }
  }
  for (const { name, value } of [...fresh.attributes]) {
    // A details element keeps the open or closed state the person gave it.
    if (name === 'open' && old.tagName === 'DETAILS') continue;
    // Styles go through the style object: the page's policy refuses style attributes.
    if (name === 'style') continue;
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  if (old.style && fresh.style && old.style.cssText !== fresh.style.cssText) {
    old.style.cssText = fresh.style.cssText;
  }
  if ('checked' in fresh && old.checked !== fresh.checked) old.checked = fresh.checked;
  if (fresh.tagName === 'OPTION' && old.selected !== fresh.selected) old.selected = fresh.selected;
  if (fresh.tagName === 'INPUT' && document.activeElement !== old && old.value !== fresh.value) {
    old.value = fresh.value;
  }
}

function patch(old, fresh) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return;
  }
  patchAttributes(old, fresh);
  for (const [type, handler] of Object.entries(fresh._handlers || {})) listen(old, type, handler);
  for (const type of Object.keys(old._handlers || {})) {
    if (!fresh._handlers || !fresh._handlers[type]) old._handlers[type] = null;
  }
  morphChildren(old, fresh);
}

function morphChildren(target, source) {
  const olds = [...target.childNodes];
  const freshes = [...source.childNodes];
  freshes.forEach((fresh, i) => {
    const old = olds[i];
    if (!old) target.appendChild(fresh);
    else if (sameKind(old, fresh)) patch(old, fresh);
    else target.replaceChild(fresh, old);
  });
  for (let i = freshes.length; i < olds.length; i++) olds[i].remove();
}

/** Makes a node's children these, keeping the elements that are still there. */
export function fill(node, ...children) {
  const fresh = node.cloneNode(false);
  append(fresh, children);
  morphChildren(node, fresh);
  return node;
}

/** The element with this id. */
export function $(id) {
  return document.getElementById(id);
}
