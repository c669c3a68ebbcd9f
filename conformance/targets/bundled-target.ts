/**
 * What a bundled target declares beyond the target contract (`conformance/target.ts`): the part of the setup it
 * needs fixed (a round-robin assignor target is checked only on `assignor: "roundrobin"` setups, an AVG allocation
 * target only on the AVG strategy), which properties apply to it in `invariants` mode, and the library it wraps.
 */
import type { Target, TargetSystem } from '../target.js';

/** A system of a bundled target. */
export interface BundledTargetSystem extends TargetSystem {
  /**
   * Setup fields the scenarios must have (merged over generated setups): the library implements only this case,
   * e.g. `{assignor: "roundrobin"}` or `{strategy: {name: "AVG"}}`.
   */
  readonly setup?: Readonly<Record<string, unknown>>;
  /** In `invariants` mode: the property ids that apply (others need equality with Java, which is not defined). */
  readonly properties?: readonly string[];
}

/** A target wrapping a real client library at an exact version. */
export interface BundledTarget extends Target {
  readonly systems: readonly BundledTargetSystem[];
  /** The npm package (or Debian package) and exact version, as in `package.json`. */
  readonly library: string;
  /** Why the target cannot run on this machine (a missing interpreter or package), or undefined when it can. */
  unavailable?(): string | undefined;
}
