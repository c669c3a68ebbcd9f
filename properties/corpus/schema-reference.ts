/**
 * The `$schema` reference a corpus file carries so that editors validate it: the path from the file's folder to
 * `schemas/counterexample.schema.json` of the mqspec package that wrote it (`../../schemas/…` in this repository's
 * own corpus, `../../node_modules/mqspec/schemas/…` in a project that installed mqspec).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The counterexample schema's file name in the package's `schemas/` folder (see reports/json-schemas.ts). */
export const counterexampleSchemaFile = 'counterexample.schema.json';

/** The mqspec package's root: the nearest folder above this file with mqspec's package.json (source or `dist/`). */
function packageRoot(): string | undefined {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest) && /"name":\s*"mqspec"/.test(readFileSync(manifest, 'utf8'))) return folder;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

const root = packageRoot();

/** The `$schema` value for a corpus file at `path`, with `/` separators; `undefined` outside an mqspec package. */
export function counterexampleSchemaReference(path: string): string | undefined {
  if (root === undefined) return undefined;
  return relative(dirname(resolve(path)), join(root, 'schemas', counterexampleSchemaFile)).split(sep).join('/');
}
