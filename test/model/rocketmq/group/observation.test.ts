import { describe, expect, it } from 'vitest';
import { registerConsumer } from '../../../../model/rocketmq/group/consumer-manager.js';
import { rocketmqGroup } from '../../../../model/rocketmq/group/rocketmq-group.js';
import { observeRocketmqGroup } from '../../../../model/rocketmq/group/observation.js';
import { initialState } from '../../../../model/rocketmq/group/state.js';

describe('observeRocketmqGroup', () => {
  it('projects an unchanged queue table and registry once: later observations share the same objects', () => {
    const state = initialState(rocketmqGroup.setupSchema.parse({ topics: { T: 2 } }));
    const first = observeRocketmqGroup(state);
    expect(Object.keys(first.queues)).toEqual(['T/broker-a/0', 'T/broker-a/1']);
    expect(first.group).toBeNull();
    // A later state that changed neither (here only the clock) is observed with the very same parts.
    const later = observeRocketmqGroup({ ...state, clock: state.clock + 1 });
    expect(later.queues).toBe(first.queues);
    const registry = registerConsumer(registerConsumer(state.registry, 'c2', {}, 1), 'c1', {}, 2);
    const withGroup = observeRocketmqGroup({ ...state, registry });
    expect(withGroup.group?.cidAll).toEqual(['c1', 'c2']);
    expect(observeRocketmqGroup({ ...state, registry, clock: 9 }).group).toBe(withGroup.group);
  });
});
