/** Where mqspec's own files are, from source (tsx) or from dist/: the folder of its package.json. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding mqspec's package.json, walking up from this file. */
export function packageRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && /"name":\s*"mqspec"/.test(readFileSync(manifest, 'utf8'))) return folder;
    const parent = dirname(folder);
    if (parent === folder) return process.cwd();
    folder = parent;
  }
}
