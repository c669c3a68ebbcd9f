import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFileOps, temporaryPathFor, writeFileAtomically, type FileOps } from '../../../properties/corpus/write-file-atomically.js';
import { tempFolder } from '../../support/temp-folder.js';

/** A fresh folder. */
function folder(): string {
  return tempFolder('atomic');
}

describe('writeFileAtomically', () => {
  it('writes a new file and leaves no temporary file behind', () => {
    const dir = folder();
    expect(writeFileAtomically(join(dir, 'a.json'), '{"a":1}\n')).toBe('written');
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('{"a":1}\n');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('never replaces an existing file: same text is identical, other text is different and stays as it was', () => {
    const dir = folder();
    writeFileSync(join(dir, 'a.json'), 'theirs');
    expect(writeFileAtomically(join(dir, 'a.json'), 'theirs')).toBe('identical');
    expect(writeFileAtomically(join(dir, 'a.json'), 'ours')).toBe('different');
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('theirs');
  });

  it('does not replace a file that appears between the check and the publish (a concurrent writer)', () => {
    const dir = folder();
    const target = join(dir, 'a.json');
    const racing: FileOps = {
      ...nodeFileOps,
      writeNew: (path, text) => {
        nodeFileOps.writeNew(path, text);
        writeFileSync(target, 'the other writer');
      },
    };
    expect(writeFileAtomically(target, 'ours', racing)).toBe('different');
    expect(readFileSync(target, 'utf8')).toBe('the other writer');
  });

  it('leaves no partial *.json after a crash between writing the temporary file and publishing it', () => {
    const dir = folder();
    const crashing: FileOps = {
      ...nodeFileOps,
      link: () => {
        throw new Error('simulated crash');
      },
      // The process died: nothing cleans up.
      remove: () => undefined,
    };
    expect(() => writeFileAtomically(join(dir, 'a.json'), '{"a":1}\n', crashing)).toThrow('simulated crash');
    const left = readdirSync(dir);
    expect(left.filter((name) => name.endsWith('.json'))).toEqual([]);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^\.a\.json\.\d+-[0-9a-f]{8}\.tmp$/);
  });

  it('falls back to a rename where the file system has no hard links', () => {
    const dir = folder();
    const noLinks: FileOps = {
      ...nodeFileOps,
      link: () => {
        throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
      },
    };
    expect(writeFileAtomically(join(dir, 'a.json'), 'x', noLinks)).toBe('written');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('names temporary files beside the target, hidden and ending in .tmp', () => {
    const path = temporaryPathFor(join('corpus', 'kafka.consumer', 'KC-H1-0123456789ab.json'));
    expect(path).toMatch(/^corpus[\\/]kafka\.consumer[\\/]\.KC-H1-0123456789ab\.json\.\d+-[0-9a-f]{8}\.tmp$/);
    expect(existsSync(path)).toBe(false);
  });
});
