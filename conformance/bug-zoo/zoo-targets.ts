/**
 * The bug zoo as targets: every entry is an in-process target named `zoo:<id>`, checked through the same path as any
 * other target (`checkTarget`), so the zoo tests the conformance harness itself.
 */
import type { Target } from '../target.js';
import { modelTarget } from '../model-target.js';
import type { Bug } from './bug.js';
import { bugZoo } from './bugs.js';

/** The target name prefix of zoo entries. */
export const zooPrefix = 'zoo:';

/** A zoo entry as an in-process target. */
export function zooTarget(bug: Bug): Target {
  return modelTarget({
    name: `${zooPrefix}${bug.id}`,
    version: 'bug-zoo',
    describes: `deliberately wrong ${bug.implementation.id}: ${bug.mistake}`,
    systems: [{ model: bug.implementation }],
  });
}

/** The zoo entry named `zoo:<id>`, if there is one. */
export function findZooTarget(name: string): Target | undefined {
  if (!name.startsWith(zooPrefix)) return undefined;
  const bug = bugZoo.find((b) => b.id === name.slice(zooPrefix.length));
  return bug === undefined ? undefined : zooTarget(bug);
}
