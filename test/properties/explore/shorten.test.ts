import { describe, expect, it } from 'vitest';
import type { KafkaGroupCommand } from '../../../model/kafka/group/commands.js';
import type { Scenario } from '../../../model/scenario.js';
import { systems } from '../../../model/systems.js';
import { catalog } from '../../../properties/catalog.js';
import { explorations } from '../../../properties/explore/explorations.js';
import { neighbourSetups, shortenByExploration } from '../../../properties/explore/shorten.js';
import { isOneMinimal, minimize } from '../../../properties/minimize.js';
import type { Property } from '../../../properties/property.js';

const model = systems.get('kafka.group');
const exploration = explorations.get('kafka.group');
const kgH1 = catalog.find((p) => p.id === 'KG-H1') as Property;
if (model === undefined || exploration === undefined) throw new Error('no kafka.group');

const setup = { profile: 'kafka-1.0', topics: { t2: 1 }, autoOffsetReset: 'latest', committed: [], assignor: 'range' };
const commands: KafkaGroupCommand[] = [
  { type: 'join', consumer: 'c1' },
  { type: 'subscribe', topics: ['t2'], consumer: 'c1' },
  { type: 'rebalance' },
  { type: 'produce', topic: 't2', partition: 0, count: 1 },
  { type: 'commitSync', offsets: [{ topic: 't2', partition: 0, offset: 0 }], consumer: 'c1' },
  { type: 'poll', maxRecords: 2, consumer: 'c1' },
  { type: 'rebalance' },
  { type: 'poll', maxRecords: 1, consumer: 'c1' },
];
/** What fast-check's shrinking and the 1-minimal pass left of a KG-H1 counterexample (seed 3): latest needs a commit first. */
const eightSteps: Scenario = { system: 'kafka.group', setup, commands };

describe('shortening by search', () => {
  it('lists the setups one knob away toward the default scope, keeping the cluster', () => {
    const neighbours = neighbourSetups(setup, exploration.scopes.default.setups, model);
    expect(neighbours).toEqual([
      { ...setup, autoOffsetReset: 'earliest' },
      { ...setup, assignor: 'roundrobin' },
    ]);
    // Only toward the scope: it sets earliest alone, so nothing leads back to latest.
    expect(neighbourSetups(neighbours[0], exploration.scopes.default.setups, model)).toEqual([{ ...setup, autoOffsetReset: 'earliest', assignor: 'roundrobin' }]);
  });

  it('finds nothing shorter from the own setup, and the 7-step redelivery from the neighbour with auto.offset.reset=earliest', () => {
    const ownOnly = shortenByExploration(kgH1, eightSteps, model, { ...exploration, scopes: { ...exploration.scopes, default: { ...exploration.scopes.default, setups: [] } } });
    expect(ownOnly).toBeUndefined();
    const shorter = minimize(kgH1, eightSteps, undefined, model, (p, s) => shortenByExploration(p, s, model, exploration));
    expect(shorter.commands).toHaveLength(7);
    expect(shorter.setup).toEqual({ ...setup, autoOffsetReset: 'earliest' });
    expect(isOneMinimal(kgH1, shorter)).toBe(true);
  });

  it('shares one bound between the setups it searches', () => {
    // The own setup takes ~4,600 model steps to exhaust, the neighbour ~3,400 more to find the 7 steps: each fits
    // in 5,000, both do not.
    expect(shortenByExploration(kgH1, eightSteps, model, exploration, 5_000)).toBeUndefined();
    expect(shortenByExploration(kgH1, eightSteps, model, exploration, 9_000)?.commands).toHaveLength(7);
  });
});
