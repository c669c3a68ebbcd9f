/**
 * `--shard i/n`: which part of a campaign one job runs, so a CI matrix (or any job runner) splits it across
 * machines. Items are dealt round-robin in a fixed order (catalog order for properties, setup order for a scope), so
 * every job computes the same split without talking to the others, and the shards' corpus files merge by copying.
 */

/** Shard `index` (1-based) of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Parses `i/n` (1 ≤ i ≤ n); answers a one-line reason when it is not one. */
export function parseShard(text: string): Shard | string {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (match === null) return `--shard: expected i/n such as 1/4, received "${text}"`;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index < 1 || index > count) return `--shard: expected 1 ≤ i ≤ n, received "${text}"`;
  return { index, count };
}

/** The items of one shard: every n-th, starting at the i-th. */
export function shardOf<T>(items: readonly T[], shard: Shard | undefined): T[] {
  return shard === undefined ? [...items] : items.filter((_, k) => k % shard.count === shard.index - 1);
}
