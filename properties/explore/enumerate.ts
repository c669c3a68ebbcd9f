/** Small combinators the scopes' command enumerators share. */

/** Every non-empty subset of the items, each in the items' order, shortest first. */
export function nonEmptySubsets<T>(items: readonly T[]): T[][] {
  const subsets: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) subsets.push(items.filter((_, i) => (mask & (1 << i)) !== 0));
  return subsets.sort((a, b) => a.length - b.length);
}

/** The integers from `from` to `to`, both included (none when `to < from`). */
export function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
