/**
 * The iteration order of `java.util.HashMap` / `HashSet` (JDK 8+), for the small maps the Kafka client builds
 * (assignments, fetched records, topics): entries come bucket by bucket, the bucket being `spread(hashCode) &
 * (capacity - 1)`, and in insertion order within a bucket (a resize splits each bucket keeping that order). Buckets
 * of eight or more entries in tables of 64 or more turn into trees, which this does not model; the maps here hold a
 * handful of entries.
 */

/** `HashMap.hash`: the hash code with its high half folded into the low half. */
export function spreadHash(hashCode: number): number {
  return (hashCode ^ (hashCode >>> 16)) | 0;
}

/** `HashMap.tableSizeFor`: the smallest power of two ≥ `capacity` (at least 1). */
export function tableSizeFor(capacity: number): number {
  let size = 1;
  while (size < capacity) size *= 2;
  return size;
}

/**
 * The table size of a HashMap after `size` puts into a table of `initial` buckets (16 for `new HashMap<>()`,
 * `tableSizeFor(n)` for `new HashMap<>(n)`): it doubles whenever the size passes three quarters of it.
 */
export function capacityAfterPuts(size: number, initial = 16): number {
  let capacity = initial;
  while (size > Math.floor(capacity * 0.75)) capacity *= 2;
  return capacity;
}

/** The table size of `new HashSet<>(collection)` holding `size` elements. */
export function hashSetCopyCapacity(size: number): number {
  return capacityAfterPuts(size, tableSizeFor(Math.max(Math.floor(size / 0.75) + 1, 16)));
}

/** The keys, given in insertion order, in the order a table of `capacity` buckets iterates them. */
export function javaHashOrder<T>(keys: readonly T[], hashCode: (key: T) => number, capacity: number): T[] {
  const bucket = (key: T): number => spreadHash(hashCode(key)) & (capacity - 1);
  return keys
    .map((key, index) => ({ key, index, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((entry) => entry.key);
}
