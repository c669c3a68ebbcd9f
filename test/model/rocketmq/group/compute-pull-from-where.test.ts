import { describe, expect, it } from 'vitest';
import { vectorOf } from '../../../../model/persistent-vector.js';
import { computePullFromWhere } from '../../../../model/rocketmq/group/compute-pull-from-where.js';
import { storedMessage, type ConsumeQueue } from '../../../../model/rocketmq/group/consume-queue.js';
import { rocketmqGroupSetupSchema } from '../../../../model/rocketmq/group/setup.js';

// Five messages stored at logical times 10..14.
const queue: ConsumeQueue = {
  mq: { topic: 'T', brokerName: 'broker-a', queueId: 0 },
  runs: vectorOf([0, 1, 2, 3, 4].map((i) => ({ from: i, count: 1, message: storedMessage('A', 10 + i) }))),
  inMemoryFrom: 0,
};
const setup = (consumeFromWhere: string) => rocketmqGroupSetupSchema.parse({ topics: { T: 1 }, consumeFromWhere, consumeTimestamp: 12 });

describe('computePullFromWhere (RebalancePushImpl.computePullFromWhereWithException)', () => {
  it('without a stored offset, each consumeFromWhere picks its own start, none of them from the store', () => {
    expect(computePullFromWhere(setup('CONSUME_FROM_LAST_OFFSET'), null, queue)).toEqual({ offset: 5, fromStore: false });
    // FIRST_OFFSET is 0 whatever consumeTimestamp says; only TIMESTAMP searches by time.
    expect(computePullFromWhere(setup('CONSUME_FROM_FIRST_OFFSET'), null, queue)).toEqual({ offset: 0, fromStore: false });
    expect(computePullFromWhere(setup('CONSUME_FROM_TIMESTAMP'), null, queue)).toEqual({ offset: 2, fromStore: false });
  });

  it('a stored offset, 0 included, wins for every consumeFromWhere', () => {
    for (const where of ['CONSUME_FROM_LAST_OFFSET', 'CONSUME_FROM_FIRST_OFFSET', 'CONSUME_FROM_TIMESTAMP']) {
      expect(computePullFromWhere(setup(where), 0, queue)).toEqual({ offset: 0, fromStore: true });
      expect(computePullFromWhere(setup(where), 3, queue)).toEqual({ offset: 3, fromStore: true });
    }
  });
});
