import { describe, expect, it } from 'vitest';
import {
  emptyGroupInfo,
  getAllClientId,
  unregisterChannel,
  updateChannel,
  updateSubscription,
} from '../../../../model/rocketmq/group/consumer-group-info.js';
import type { VersionedSubscription } from '../../../../model/rocketmq/group/versioned-subscription.js';

const sub = (subString: string, subVersion: number): VersionedSubscription => ({ subString, tagsSet: [subString], codeSet: [], subVersion });

describe('updateSubscription', () => {
  it('puts an absent topic and counts it as a change', () => {
    const update = updateSubscription(emptyGroupInfo, { T: sub('A', 1) });
    expect(update).toEqual({ info: { ...emptyGroupInfo, subscriptionTable: { T: sub('A', 1) } }, changed: true });
  });

  it('replaces a present topic only for a strictly higher subVersion, without counting a change', () => {
    const info = updateSubscription(emptyGroupInfo, { T: sub('A', 5) }).info;
    expect(updateSubscription(info, { T: sub('B', 6) })).toEqual({ info: { ...info, subscriptionTable: { T: sub('B', 6) } }, changed: false });
    expect(updateSubscription(info, { T: sub('B', 5) }).info.subscriptionTable).toEqual({ T: sub('A', 5) });
    expect(updateSubscription(info, { T: sub('B', 4) }).info.subscriptionTable).toEqual({ T: sub('A', 5) });
  });

  it("removes every topic the sender did not send, whoever subscribed it, and counts that as a change", () => {
    const info = updateSubscription(emptyGroupInfo, { T: sub('A', 1), U: sub('*', 1) }).info;
    expect(updateSubscription(info, { U: sub('*', 2) })).toEqual({ info: { ...info, subscriptionTable: { U: sub('*', 2) } }, changed: true });
    expect(updateSubscription(info, {})).toEqual({ info: { ...info, subscriptionTable: {} }, changed: true });
  });
});

describe('the channel table', () => {
  it('adds a new client as a change, a known one as none, and lists every client whatever it subscribes', () => {
    const one = updateChannel(emptyGroupInfo, 'c1');
    const two = updateChannel(one.info, 'c2');
    expect([one.changed, two.changed, updateChannel(two.info, 'c1').changed]).toEqual([true, true, false]);
    expect(getAllClientId(two.info)).toEqual(['c1', 'c2']);
    expect(unregisterChannel(two.info, 'c1')).toEqual({ info: { ...two.info, channels: ['c2'] }, changed: true });
    expect(unregisterChannel(two.info, 'c9').changed).toBe(false);
  });
});
