import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { removeTempFolders, tempFolder } from './temp-folder.js';

const testRoot = join(import.meta.dirname, '..');

describe('tempFolder', () => {
  it('makes a fresh mqspec-<label>- folder in the system temporary folder, and removeTempFolders removes it with its content', () => {
    const folder = tempFolder('helper');
    expect(basename(folder)).toMatch(/^mqspec-helper-\w{6}$/);
    expect(folder.startsWith(tmpdir())).toBe(true);
    writeFileSync(join(folder, 'file.json'), '{}');
    removeTempFolders();
    expect(existsSync(folder)).toBe(false);
  });

  it('is the only way the tests make temporary folders (so a run of the suite leaves none behind)', () => {
    const sources = readdirSync(testRoot, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
    const makers = sources.filter((name) => !name.endsWith('temp-folder.ts') && /\bmkdtemp(Sync)?\s*\(/.test(readFileSync(join(testRoot, name), 'utf8')));
    expect(makers).toEqual([]);
  });
});
