/** Structural equality of plain JSON-like values (objects, arrays, primitives); key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && deepEqual(ra[k], rb[k]));
}

/** The first top-level key whose values differ, for violation messages. */
export function firstDifference(a: Record<string, unknown>, b: Record<string, unknown>): string | undefined {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].find((k) => !deepEqual(a[k], b[k]));
}
