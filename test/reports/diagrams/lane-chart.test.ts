import { describe, expect, it } from 'vitest';
import { rocketmqGroup } from '../../../model/rocketmq/group/rocketmq-group.js';
import { runTrace } from '../../../model/trace.js';
import { laneChart } from '../../../reports/diagrams/lane-chart.js';

const queue = { topic: 'T1', brokerName: 'broker-a', queueId: 0 };

/** Two clients of one group with different tags: the broker filters c1's pull with c2's tag (RG-H2's story). */
function differentTags() {
  const setup = rocketmqGroup.setupSchema.parse({ brokers: ['broker-a'], topics: { T1: 1 }, strategy: { name: 'AVG' }, messageModel: 'CLUSTERING', consumeFromWhere: 'CONSUME_FROM_LAST_OFFSET' });
  return runTrace(rocketmqGroup, setup, [
    { type: 'start', client: 'c1', subscriptions: { T1: '*' } },
    { type: 'rebalance', client: 'c1' },
    { type: 'produce', topic: 'T1', broker: 'broker-a', queueId: 0, tags: 'TagB' },
    { type: 'start', client: 'c2', subscriptions: { T1: 'TagA' } },
    { type: 'pull', client: 'c1', queue },
  ]);
}

describe('laneChart', () => {
  it('has a lane per client, the group table, the queue owners and the messages', () => {
    const chart = laneChart(differentTags());
    expect(chart.steps).toBe(5);
    expect(chart.lanes.map((lane) => lane.title)).toEqual(['c1', 'c2', 'group table', 'queue owners', 'messages']);
  });

  it('shows ownership, the group\'s filter over time and the message skipped by the broker filter', () => {
    const chart = laneChart(differentTags());
    const lane = (title: string) => chart.lanes.find((l) => l.title === title);
    expect(lane('c1')?.rows.find((r) => r.label === 'holds T1/broker-a/0')?.bars).toEqual([{ from: 1, to: 5, label: 'held', tone: 'held' }]);
    expect(lane('group table')?.rows.find((r) => r.label === 'filter of T1')?.bars.map((b) => [b.from, b.to, b.label])).toEqual([
      [0, 3, '"*"'],
      [3, 5, '"TagA"'],
    ]);
    expect(lane('queue owners')?.rows[0]?.bars.map((b) => [b.label, b.tone])).toEqual([
      ['nobody', 'orphaned'],
      ['c1', 'owner'],
    ]);
    expect(lane('messages')?.rows).toEqual([
      {
        label: 'T1/broker-a/0 @0 "TagB"',
        bars: [{ from: 2, to: 4, label: 'skipped by c1 (broker filter)', tone: 'skipped' }],
        marker: { at: 4, label: 'skipped by c1 (broker filter)', tone: 'skipped' },
      },
    ]);
  });
});
