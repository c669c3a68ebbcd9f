import { describe, expect, it } from 'vitest';
import type { Command } from '../../model/scenario.js';
import type { SystemModel } from '../../model/system.js';
import { rocketmqGroup } from '../../model/rocketmq/group/rocketmq-group.js';
import type { RocketmqGroupSetup } from '../../model/rocketmq/group/setup.js';
import type { RocketmqGroupState } from '../../model/rocketmq/group/state.js';
import type { RocketmqGroupCommand } from '../../model/rocketmq/group/commands.js';
import { findProperty } from '../../properties/catalog.js';
import { checkProperty } from '../../properties/check-property.js';
import { ciSeed } from '../support/seed.js';

/**
 * The "fixed" design: the broker filters every pull with the puller's own subscription (what
 * postSubscriptionWhenPull=true does), as if it kept one subscription per client instead of one per group.
 */
const perClientFiltering = {
  ...rocketmqGroup,
  init: (setup: RocketmqGroupSetup) => rocketmqGroup.init({ ...setup, postSubscriptionWhenPull: true }),
} as unknown as SystemModel<unknown, unknown, Command, unknown>;

function hazard(id: string) {
  const property = findProperty(id);
  if (property === undefined) throw new Error(`unknown property ${id}`);
  return property;
}

describe('the rocketmq.group hazards against a broker that filters per client', () => {
  it('RG-H2 (different tags lose no message) can no longer be found: the suite reports not-found', () => {
    const result = checkProperty(hazard('RG-H2'), { seed: ciSeed, implementation: perClientFiltering });
    expect(result.counterexample?.message, JSON.stringify(result.counterexample?.scenario)).toBeUndefined();
    expect(result.status).toBe('not-found');
  });

  it('RG-H1 (different topics) and RG-H3 (one owner during a rebalance) are still found: per-client filtering does not fix allocation', () => {
    expect(checkProperty(hazard('RG-H1'), { seed: ciSeed, implementation: perClientFiltering }).status).toBe('found');
    expect(checkProperty(hazard('RG-H3'), { seed: ciSeed, implementation: perClientFiltering }).status).toBe('found');
  });
});

/** A broker whose commit log outgrows memory after every produce: every stored message is read from disk at once. */
const headAlwaysOnDisk = {
  ...rocketmqGroup,
  step: (state: RocketmqGroupState, command: RocketmqGroupCommand) => {
    const result = rocketmqGroup.step(state, command);
    if (command.type !== 'produce' || !result.outcome.ok) return result;
    return state.setup.brokers.reduce((r, broker) => ({ ...r, state: rocketmqGroup.step(r.state, { type: 'commitLogGrows', broker }).state }), result);
  },
} as unknown as SystemModel<unknown, unknown, Command, unknown>;

describe('RG-H4 against a broker whose messages are all on disk', () => {
  it('can no longer be found: with QUERY_NOT_FOUND for every new group, CONSUME_FROM_LAST_OFFSET starts at the max offset', () => {
    const result = checkProperty(hazard('RG-H4'), { seed: ciSeed, implementation: headAlwaysOnDisk });
    expect(result.counterexample?.message, JSON.stringify(result.counterexample?.scenario)).toBeUndefined();
    expect(result.status).toBe('not-found');
  });

  it('is found on the reference model, where a fresh broker keeps every queue young', () => {
    expect(checkProperty(hazard('RG-H4'), { seed: ciSeed }).status).toBe('found');
  });
});
