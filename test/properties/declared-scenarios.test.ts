/**
 * Scenarios of a target's declared commands (properties/declared-scenarios.ts): a target that declares a few of a
 * system's commands gets scenarios of those commands, not the system's scenarios with most commands left out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restrictCommands, systemScenarios } from '../../conformance/agreement-property.js';
import { declaredScenarios, restrictedMix } from '../../properties/declared-scenarios.js';
import { catalog } from '../../properties/catalog.js';
import type { Scenario } from '../../model/scenario.js';

/** kafkajs-subscription-state's commands. */
const declared = ['subscribe', 'rebalance', 'pause', 'resume', 'pauseTopics', 'resumeTopics', 'poll'];

/** The share of generated commands a target declaring `declared` takes. */
function keptShare(scenarios: fc.Arbitrary<Scenario>): number {
  const sample = fc.sample(scenarios, { seed: 7, numRuns: 300 });
  const all = sample.reduce((n, s) => n + s.commands.length, 0);
  const kept = sample.reduce((n, s) => n + restrictCommands(s, declared).commands.length, 0);
  return kept / all;
}

describe('scenarios of the declared commands', () => {
  it('are made almost only of the declared commands, unlike the system\'s own', () => {
    const dense = declaredScenarios('kafka.consumer', declared);
    expect(dense).toBeDefined();
    const own = keptShare(systemScenarios(catalog, 'kafka.consumer'));
    const mine = keptShare(dense as fc.Arbitrary<Scenario>);
    expect(mine).toBeGreaterThan(0.9);
    expect(mine).toBeGreaterThan(own + 0.2);
  });

  it('exist only for a system with such a generator and commands in its mix', () => {
    expect(declaredScenarios('rocketmq.filter', ['deliver'])).toBeUndefined();
    expect(declaredScenarios('kafka.consumer', ['noSuchCommand'])).toBeUndefined();
    expect(restrictedMix({ poll: 2, seek: 1 }, ['seek', 'other'])).toEqual({ seek: 1 });
  });
});
