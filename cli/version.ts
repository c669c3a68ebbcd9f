import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * mqspec's version from its package.json, found by walking up from this file: it sits one level up when run from
 * source (tsx) and two levels up when run from `dist/`.
 */
export function packageVersion(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const manifest: unknown = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      if (typeof manifest === 'object' && manifest !== null && 'name' in manifest && manifest.name === 'mqspec') {
        return 'version' in manifest && typeof manifest.version === 'string' ? manifest.version : '0.0.0';
      }
    } catch {
      // No package.json here: keep walking up.
    }
    const parent = dirname(folder);
    if (parent === folder) return '0.0.0';
    folder = parent;
  }
}
