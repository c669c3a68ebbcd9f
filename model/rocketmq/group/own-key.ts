/**
 * Safe record access for names that come from scenarios (topics, client ids): a topic may legally be called
 * `constructor` or `__proto__` (TopicValidator allows `_`), so lookups must not reach `Object.prototype` and
 * writes must create own properties.
 */

/** The record's own value at `key`, or undefined. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A record from entries, every key an own property (what `Object.fromEntries` guarantees). */
export function recordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.fromEntries(entries) as Record<string, T>;
}
