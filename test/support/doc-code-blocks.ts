/** The fenced code blocks of the README and docs/, for the tests that compile, parse, check or run them. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const repository = join(import.meta.dirname, '../..');

/** One fenced block: where it is, its language (`''` when none) and its text. */
export interface DocCodeBlock {
  readonly file: string;
  readonly line: number;
  readonly lang: string;
  readonly body: string;
}

/** The pages users read: the README and every page of docs/. */
export function docPages(): string[] {
  return ['README.md', ...readdirSync(join(repository, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
}

/** Every fenced block of the pages, in page order. */
export function docCodeBlocks(): DocCodeBlock[] {
  const blocks: DocCodeBlock[] = [];
  for (const file of docPages()) {
    const text = readFileSync(join(repository, file), 'utf8');
    // A block may be indented (inside a list item): its fence's indentation is taken off every line.
    for (const match of text.matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```/gm)) {
      const indent = match[1] ?? '';
      const line = text.slice(0, match.index).split('\n').length;
      const body = (match[3] ?? '').split('\n').map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l)).join('\n');
      blocks.push({ file, line, lang: match[2] ?? '', body });
    }
  }
  return blocks;
}
