/**
 * Ending mqspec while a target hangs leaves nothing behind: Ctrl-C (SIGINT), SIGTERM and even SIGKILL to the bin,
 * run from source as a user runs it, while `check --exec` waits on a target that sleeps forever with a helper
 * process of its own. The target's keeper (conformance/protocol/child-worker-source.ts) kills the target's process
 * group once mqspec is gone, whatever ended it.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signalDuringHungTarget } from '../support/hung-target.js';

const repository = resolve(fileURLToPath(new URL('../..', import.meta.url)));

describe('signals to mqspec while a target hangs', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL'] as const) {
    it(`${signal}: the target's whole process group is gone soon after mqspec`, async () => {
      const outcome = await signalDuringHungTarget(['--import', import.meta.resolve('tsx'), join(repository, 'cli/mqspec.ts')], repository, signal);
      expect(outcome.targetStarted).toBe(true);
      expect(outcome.leftAlive, `left alive: ${outcome.leftAlive.join(', ')}`).toEqual([]);
    }, 60_000);
  }
});
