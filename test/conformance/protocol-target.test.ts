/**
 * A stateful protocol target end to end: the reference model served by another process over the protocol agrees
 * with the model on whole observations (`init`, `step` and `observe` round trips), and one that shows stale
 * observations is caught with the observation path that differs.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTarget } from '../../conformance/check-target.js';
import { protocolTarget } from '../../conformance/protocol/protocol-target.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';
import { isAlive } from '../support/processes.js';
import { ciSeed } from '../support/seed.js';

const server = join(import.meta.dirname, 'fixtures/model-protocol-target.ts');

describe('a stateful protocol target', () => {
  it('agrees with the model when it is the model, observations included, and leaves no process', () => {
    const target = protocolTarget(`node --import tsx ${server}`, { timeout: 10_000 });
    try {
      const result = checkTarget(target, { seed: ciSeed, runs: 15, models: systems, catalog, systems: ['kafka.consumer'], properties: ['KC-AGREE', 'KC-01'] });
      expect(result.results.map((r) => [r.id, r.status])).toEqual([
        ['KC-AGREE', 'held'],
        ['KC-01', 'held'],
      ]);
    } finally {
      target.dispose?.();
    }
    expect(isAlive(target.pid)).toBe(false);
  });

  it('is caught showing stale observations, with the differing path and both sides', () => {
    const target = protocolTarget(`node --import tsx ${server} stale-observe`, { timeout: 10_000 });
    try {
      const result = checkTarget(target, { seed: ciSeed, runs: 50, models: systems, catalog, systems: ['kafka.consumer'], properties: ['KC-AGREE'] });
      const divergence = result.results[0]?.counterexample?.divergence;
      expect(result.verdict).toBe('diverges');
      expect(divergence?.differs).not.toBe('outcome');
      expect(divergence?.model.observation).not.toEqual(divergence?.target.observation);
      expect(result.results[0]?.counterexample?.length).toBe(1);
    } finally {
      target.dispose?.();
    }
  });
});
