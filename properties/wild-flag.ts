import fc from 'fast-check';

/**
 * Whether a generated command is deliberately invalid, true `perMille` times in a thousand. fast-check shrinks
 * numbers towards 0, so 0 maps to a tame command: shrinking turns wild commands tame wherever the counterexample
 * does not need them, and stored counterexamples read like ordinary use.
 */
export function wildFlag(perMille: number): fc.Arbitrary<boolean> {
  return fc.nat(999).map((n) => n >= 1000 - perMille);
}
