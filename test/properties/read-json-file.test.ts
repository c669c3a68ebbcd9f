import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonFile } from '../../properties/read-json-file.js';
import { tempFolder } from '../support/temp-folder.js';

const folder = tempFolder('read-json');

describe('readJsonFile', () => {
  it('parses a file within the limit, a leading byte-order mark allowed', () => {
    const path = join(folder, 'bom.json');
    writeFileSync(path, '\uFEFF{"a": [1, "é"]}');
    expect(readJsonFile(path, 100)).toEqual({ ok: true, value: { a: [1, 'é'] } });
  });

  it('refuses a file over the limit in one line', () => {
    const path = join(folder, 'large.json');
    writeFileSync(path, JSON.stringify({ pad: 'x'.repeat(200) }));
    expect(readJsonFile(path, 100)).toEqual({ ok: false, reason: 'file: larger than the limit of 100 bytes' });
  });

  it('stops reading a device that never ends one byte past the limit', () => {
    expect(readJsonFile('/dev/zero', 1000)).toEqual({ ok: false, reason: 'file: larger than the limit of 1,000 bytes' });
  });

  it('names the error code of a file it cannot read, and the parser error of invalid JSON', () => {
    expect(readJsonFile(join(folder, 'missing.json'))).toEqual({ ok: false, reason: 'cannot read the file (ENOENT)' });
    expect(readJsonFile(folder)).toEqual({ ok: false, reason: 'cannot read the file (EISDIR)' });
    writeFileSync(join(folder, 'bad.json'), '{"a":');
    expect(readJsonFile(join(folder, 'bad.json'))).toMatchObject({ ok: false, reason: expect.stringMatching(/^invalid JSON: [^\n]+$/) });
  });
});
