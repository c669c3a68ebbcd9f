import { describe, expect, it } from 'vitest';
import type { KafkaConsumerCommand } from '../../model/kafka/consumer/commands.js';
import type { Scenario } from '../../model/scenario.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';
import { explorations } from '../../properties/explore/explorations.js';
import { shortenByExploration } from '../../properties/explore/shorten.js';
import { isOneMinimal, minimize, type Shorten } from '../../properties/minimize.js';
import type { Property } from '../../properties/property.js';

const model = systems.get('kafka.consumer');
const exploration = explorations.get('kafka.consumer');
const kcH2 = catalog.find((p) => p.id === 'KC-H2') as Property;
if (model === undefined || exploration === undefined) throw new Error('no kafka.consumer');
const shorten: Shorten = (p, s) => shortenByExploration(p, s, model, exploration);

const tp = { topic: 't2', partition: 0 };
const commands: KafkaConsumerCommand[] = [
  { type: 'assign', partitions: [tp] },
  { type: 'poll' },
  { type: 'produce', ...tp, count: 2 },
  { type: 'deleteRecords', ...tp, beforeOffset: 1 },
  { type: 'poll' },
  { type: 'poll' },
];
/** What fast-check's shrinking and the 1-minimal pass left of a KC-H2 counterexample (seed 20261202). */
const sixSteps: Scenario = {
  system: 'kafka.consumer',
  setup: { profile: 'kafka-1.0', autoOffsetReset: 'latest', committed: [], topics: { t2: 1 } },
  commands,
};

describe('minimize', () => {
  it('leaves a 1-minimal counterexample that a differently built one beats as it is, without a search', () => {
    const minimal = minimize(kcH2, sixSteps, undefined, model);
    expect(minimal.commands).toHaveLength(6);
    expect(isOneMinimal(kcH2, minimal)).toBe(true);
  });

  it('replaces it by the shortest the search from its setup finds, still violated and 1-minimal', () => {
    const shorter = minimize(kcH2, sixSteps, undefined, model, shorten);
    expect(shorter.commands).toHaveLength(5);
    expect(shorter.setup).toEqual(sixSteps.setup);
    expect(kcH2.evaluate(shorter).status).toBe('violated');
    expect(isOneMinimal(kcH2, shorter)).toBe(true);
    // It makes the position fall out of the log by a seek beyond its end, not by deleting records under it.
    expect(shorter.commands.map((c) => c.type)).toEqual(['assign', 'seek', 'poll', 'produce', 'poll']);
  });

  it('finds nothing shorter than a shortest counterexample', () => {
    const shortest = minimize(kcH2, sixSteps, undefined, model, shorten);
    expect(shortenByExploration(kcH2, shortest, model, exploration)).toBeUndefined();
  });

  it('keeps its own result when the search answers a scenario that does not violate the property', () => {
    const wrong: Shorten = (_, s) => ({ ...s, commands: s.commands.slice(0, 2) });
    expect(minimize(kcH2, sixSteps, undefined, model, wrong).commands).toHaveLength(6);
  });

  it('gives up within its state bound', () => {
    expect(shortenByExploration(kcH2, sixSteps, model, exploration, 50)).toBeUndefined();
  });
});
