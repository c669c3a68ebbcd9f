/**
 * Reading a JSON input file (a scenario or a counterexample) within the documented file-size limit: a larger file,
 * or a device that never ends (`/dev/zero`), is refused after reading at most one byte past the limit, instead of
 * filling the heap. Never throws: every fault is a one-line reason.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { formatCount, maxFileBytes } from '../model/scenario-limits.js';

/** The parsed JSON of a file, or a one-line reason why there is none. */
export type JsonFile = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly reason: string };

/** A Node error's `code`, if any. */
function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** The reason for a file over the limit. */
function tooLarge(maxBytes: number): string {
  return `file: larger than the limit of ${formatCount(maxBytes)} bytes`;
}

/** The file's bytes, or a reason when it is larger than `maxBytes`. Throws what the file system throws. */
function readBounded(path: string, maxBytes: number): Buffer | string {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > maxBytes) return tooLarge(maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1 << 20, maxBytes + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) return tooLarge(maxBytes);
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Reads and parses a JSON file of at most `maxBytes` bytes (UTF-8, a leading byte-order mark allowed). */
export function readJsonFile(path: string, maxBytes: number = maxFileBytes): JsonFile {
  let bytes: Buffer | string;
  try {
    bytes = readBounded(path, maxBytes);
  } catch (error) {
    const code = errorCode(error);
    return { ok: false, reason: `cannot read the file${code === undefined ? '' : ` (${code})`}` };
  }
  if (typeof bytes === 'string') return { ok: false, reason: bytes };
  try {
    return { ok: true, value: JSON.parse(new TextDecoder('utf-8').decode(bytes)) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `invalid JSON: ${reason.replace(/\s*\n\s*/g, ' ').trim()}` };
  }
}
