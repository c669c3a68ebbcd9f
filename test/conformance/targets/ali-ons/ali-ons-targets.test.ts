import { describe, expect, it } from 'vitest';
import { aliOnsAllocateAveragely } from '../../../../conformance/targets/ali-ons/ali-ons-allocate-averagely.js';
import { aliOnsTagFilter } from '../../../../conformance/targets/ali-ons/ali-ons-tag-filter.js';
import { firstDifference, type ScenarioCommand } from '../lockstep.js';

const q = (brokerName: string, queueId: number): { topic: string; brokerName: string; queueId: number } => ({ topic: 'T', brokerName, queueId });
const allocate = (currentCID: string, mqAll: unknown, cidAll: unknown): ScenarioCommand => ({ type: 'allocate', currentCID, mqAll, cidAll });

describe('ali-ons@3.12.0 AllocateMessageQueueAveragely', () => {
  it('agrees with Java on blocks, remainders, clients beyond the queues, unknown clients and the argument checks', () => {
    const queues = [q('a', 0), q('a', 1), q('a', 2), q('b', 0), q('b', 1)];
    const commands = [
      allocate('c0', queues, ['c0', 'c1']),
      allocate('c1', queues, ['c0', 'c1']),
      allocate('c2', queues.slice(0, 1), ['c0', 'c1', 'c2']),
      allocate('x', queues, ['c0']),
      allocate('', queues, ['c0']),
      allocate('c0', null, ['c0']),
      allocate('c0', queues, []),
    ];
    expect(firstDifference(aliOnsAllocateAveragely, 'rocketmq.allocate', { group: 'G', strategy: { name: 'AVG' } }, commands)).toBeUndefined();
  });
});

describe('ali-ons@3.12.0 tag filter', () => {
  const check = (commands: ScenarioCommand[]): ReturnType<typeof firstDifference> => firstDifference(aliOnsTagFilter, 'rocketmq.filter', {}, commands);

  it('agrees with Java on ordinary expressions, hash codes and tagged messages', () => {
    expect(
      check([
        { type: 'buildSubscriptionData', topic: 'T', expression: 'TagA || TagB' },
        { type: 'buildSubscriptionData', topic: 'T', expression: '*' },
        { type: 'buildSubscriptionData', topic: 'T', expression: null },
        { type: 'hashCode', value: 'polygenelubricants' },
        { type: 'deliver', subscription: 'A || B', own: 'B', tags: 'A' },
        { type: 'deliver', subscription: 'Aa', own: 'Aa', tags: 'BB' },
      ]),
    ).toBeUndefined();
  });

  it('accepts "||", where Java\'s FilterAPI throws "subString split error"', () => {
    expect(check([{ type: 'buildSubscriptionData', topic: 'T', expression: '||' }])).toMatchObject({ model: { ok: false, error: 'Exception' }, target: { ok: true, value: { subString: '||', tagsSet: [] } } });
  });

  it('keeps an untagged message for a tag subscription, where Java\'s client filter drops it', () => {
    expect(check([{ type: 'deliver', subscription: 'A', own: 'A', tags: null }])).toMatchObject({ model: { value: { client: false } }, target: { value: { client: true } } });
  });

  it('trims with JavaScript\'s trim, which keeps control characters Java\'s trim removes', () => {
    expect(check([{ type: 'buildSubscriptionData', topic: 'T', expression: '\u0001A' }])).toMatchObject({ model: { value: { tagsSet: ['A'] } }, target: { value: { tagsSet: ['\u0001A'] } } });
  });
});
