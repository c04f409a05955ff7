// Reading protocol.md's transcripts and the server's list of message types, so that the
// page's tests run on exactly what the documents and the server say.
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);

/**
 * The text of the contract: protocol.md, then each docs/….md its contents list, joined, so
 * that the transcripts and examples of every document are read.
 */
export function protocolText() {
  const core = readFileSync(new URL('protocol.md', root), 'utf8');
  const contents = core.slice(core.indexOf('## Contents\n'));
  const listed = contents.slice(0, contents.indexOf('\n## ', 1));
  const paths = [...new Set(listed.match(/docs\/[a-z/-]+\.md/g) ?? [])];
  return [core, ...paths.map((path) => readFileSync(new URL(path, root), 'utf8'))].join('\n');
}

/**
 * The JSON transcripts of protocol.md: each code block holding `←` JSON lines, as a list of
 * `{dir: 'in'|'out', message}` (`in` is what the server sent). `<token>` and `<time>` are
 * replaced by a token and a time.
 */
export function transcripts() {
  const blocks = protocolText().split('```').filter((_, i) => i % 2 === 1);
  const result = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => /^[←→] [{]/.test(line));
    if (!lines.some((line) => line.startsWith('←'))) continue;
    const steps = [];
    let whole = true;
    for (const line of lines) {
      const text = line.slice(2).replace(/<time>/g, '1764438000000');
      try {
        steps.push({ dir: line.startsWith('←') ? 'in' : 'out', message: JSON.parse(text) });
      } catch {
        whole = false; // an example folded with `…`
      }
    }
    if (whole && steps.length > 5) result.push(steps);
  }
  return result;
}

/** Every message example on one `←` line of protocol.md or in its section 4, parsed. */
export function serverExamples() {
  const examples = [];
  for (const match of protocolText().matchAll(/\{"[^`\n]*"type":"[a-z_]+"[^`\n]*\}/g)) {
    try {
      examples.push(JSON.parse(match[0].replace(/<time>/g, '0')));
    } catch {
      // folded examples (with …) are not JSON
    }
  }
  return examples;
}

/** The wire types of every server message, read from the server's ServerEvent. */
export function serverMessageTypes() {
  const source = readFileSync(
    new URL('Sources/LobbyProtocol/Events/ServerEvent.swift', root), 'utf8');
  const body = source.slice(source.indexOf('public var type: String'),
    source.indexOf('public static func error'));
  return [...body.matchAll(/case \.\w+: "([a-z_]+)"/g)].map((m) => m[1]);
}
