/**
 * The one way tests make temporary folders: `tempFolder('replay')` creates `<tmp>/mqspec-replay-XXXXXX` and
 * remembers it; vitest.setup.ts removes every folder made by a test file after that file's tests, so that a run
 * of the suite leaves nothing behind in the system's temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

/** A new, empty temporary folder named after `label`, removed after the current test file. */
export function tempFolder(label: string): string {
  const folder = mkdtempSync(join(tmpdir(), `mqspec-${label}-`));
  made.add(folder);
  return folder;
}

/** Removes every folder `tempFolder` made so far (vitest.setup.ts calls it after each test file). */
export function removeTempFolders(): void {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
  made.clear();
}
