/**
 * The small vocabulary every scenario generator shares: a weighted command mix, and turning drawn numbers into
 * choices among what the current state offers (so the same intent stays meaningful as shrinking changes the state).
 */
import fc from 'fast-check';

/** Which command types to draw, with weights; types left out are never drawn. */
export type CommandMix<Type extends string> = Readonly<Partial<Record<Type, number>>>;

/** A command type drawn with the mix's weights. */
export function commandTypes<Type extends string>(mix: CommandMix<Type>): fc.Arbitrary<Type> {
  const weighted = (Object.entries(mix) as [Type, number | undefined][]).filter(([, weight]) => (weight ?? 0) > 0);
  return fc.oneof(...weighted.map(([type, weight]) => ({ arbitrary: fc.constant(type), weight: weight ?? 0 })));
}

/** One item chosen by a number, or undefined from an empty list. */
export function one<T>(items: readonly T[], n: number): T | undefined {
  return items.length === 0 ? undefined : items[n % items.length];
}

/** The items whose bit is set in the mask (bit i selects item i). */
export function pick<T>(items: readonly T[], mask: number): T[] {
  return items.filter((_, i) => (mask >> i) & 1);
}

/**
 * A drawn list in one of the orders a user may pass it: the pool's (sorted) or reversed, chosen by bit 6 of `mask`,
 * a bit the intent's other choices leave alone (they read it modulo small numbers). Java's consumer takes a
 * subscription as a set, so the model's answer does not depend on the order; a library or adapter that sorts,
 * compares or deals the list as given does, and only a generator that varies the order can show it.
 */
export function userOrder<T>(items: readonly T[], mask: number): T[] {
  return (mask >> 6) & 1 ? [...items].reverse() : [...items];
}
