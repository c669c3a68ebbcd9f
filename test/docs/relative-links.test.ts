/**
 * Links that resolve for a reader of the repository: every relative link of README.md, every page of docs/ and
 * reports/edge-cases.md
 * (Markdown `[text](target)` and `![alt](target)`, outside code) names a file or folder inside the repository.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repository = resolve(import.meta.dirname, '../..');

/** The Markdown without fenced code blocks and inline code, where `[x](y)` is text, not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of the inline links and images of a Markdown text, without their `#fragment`, relative ones only. */
function relativeLinkTargets(markdown: string): string[] {
  const targets = [...withoutCode(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#')).map((target) => decodeURI(target.split('#')[0] ?? ''));
}

describe('relative links', () => {
  it('are found in Markdown, outside code, without fragments, and web links are left out', () => {
    const text = '[a](docs/x.md#part) ![b](img.png "t") [c](https://x.org) [d](#top)\n`[e](code.md)`\n```\n[f](block.md)\n```\n[g](a%20b.md)';
    expect(relativeLinkTargets(text)).toEqual(['docs/x.md', 'img.png', 'a b.md']);
  });

  const docsPages = readdirSync(join(repository, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
    .sort();
  it('cover every page of docs/', () => {
    expect(docsPages).toEqual(expect.arrayContaining(['docs/concepts.md', 'docs/catalog.md', 'docs/protocol.md']));
  });

  for (const file of ['README.md', ...docsPages, 'reports/edge-cases.md']) {
    it(`of ${file} resolve to files in the repository`, () => {
      const folder = dirname(join(repository, file));
      const targets = relativeLinkTargets(readFileSync(join(repository, file), 'utf8'));
      expect(targets.length).toBeGreaterThan(0);
      const broken = targets.filter((target) => {
        const path = resolve(folder, target);
        return relative(repository, path).startsWith('..') || !existsSync(path);
      });
      expect(broken).toEqual([]);
    });
  }
});
