/**
 * A bundled target that wraps a real client library at an exact version (what `conformance/targets.ts` registers
 * for `mqspec check --target NAME`). Its systems may fix part of the setup (the one case the library implements) and,
 * in `invariants` mode, name the invariants that apply (see `conformance/target.ts`).
 */
import type { Target } from '../target.js';

/** A target wrapping a real client library. */
export interface LibraryTarget extends Target {
  /** The npm package (or Debian package) and exact version, as installed (`kafkajs@2.2.4`). */
  readonly library: string;
  /** Why the target cannot run on this machine (a missing interpreter or package), or undefined when it can. */
  unavailable?(): string | undefined;
}
