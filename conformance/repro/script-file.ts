/** Where a finding's reproduction is written, and the slug its name (and the report's anchors) are made with. */
import path from 'node:path';

/**
 * A heading as GitHub makes its anchor: lower case, punctuation dropped, spaces as hyphens (`KC-H1` → `kc-h1`;
 * `KC-AGREE · poll: outcome (target ok, …)` → `kc-agree--poll-outcome-target-ok-…`).
 */
export function slug(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** The script of a finding, relative to the package root: `repros/<target>/<slug of the key>.<extension>`. */
export function scriptFile(target: string, key: string, extension: 'mjs' | 'py'): string {
  return path.posix.join('repros', target, `${slug(key)}.${extension}`);
}
