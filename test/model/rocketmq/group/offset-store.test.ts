import { describe, expect, it } from 'vitest';
import { startedClient, type ClientState } from '../../../../model/rocketmq/group/client-state.js';
import { commitWithPull, persist, readStoredOffset } from '../../../../model/rocketmq/group/offset-store.js';
import { rocketmqGroupSetupSchema } from '../../../../model/rocketmq/group/setup.js';
import { initialState, type RocketmqGroupState } from '../../../../model/rocketmq/group/state.js';

const KEY = 'T/broker-a/0';
const state = (messageModel: 'CLUSTERING' | 'BROADCASTING', committed: Record<string, number> = {}): RocketmqGroupState => ({
  ...initialState(rocketmqGroupSetupSchema.parse({ topics: { T: 2 }, messageModel })),
  committed,
});
const holding = (consumedOffset: number | null, localOffsets: Record<string, number> = {}): ClientState => ({
  ...startedClient({}, 1),
  processQueues: { [KEY]: { nextOffset: 5, consumedOffset } },
  localOffsets,
});

describe('readStoredOffset (readOffset(mq, READ_FROM_STORE))', () => {
  it('BROADCASTING reads the client\'s own file (LocalFileOffsetStore), never the broker', () => {
    expect(readStoredOffset(state('BROADCASTING', { [KEY]: 9 }), holding(null, { [KEY]: 3 }), KEY)).toBe(3);
    expect(readStoredOffset(state('BROADCASTING', { [KEY]: 9 }), holding(null), KEY)).toBeNull();
  });

  it('CLUSTERING asks the broker (RemoteBrokerOffsetStore → queryConsumerOffset): committed, else 0 on a young queue', () => {
    expect(readStoredOffset(state('CLUSTERING', { [KEY]: 9 }), holding(null, { [KEY]: 3 }), KEY)).toBe(9);
    expect(readStoredOffset(state('CLUSTERING'), holding(null, { [KEY]: 3 }), KEY)).toBe(0);
  });

  it('a queue the brokers do not have answers the committed offset if any, else nothing', () => {
    expect(readStoredOffset(state('CLUSTERING', { 'U/broker-a/0': 4 }), holding(null), 'U/broker-a/0')).toBe(4);
    expect(readStoredOffset(state('CLUSTERING'), holding(null), 'U/broker-a/0')).toBeNull();
  });
});

describe('commitWithPull (the pull\'s commitOffset flag, PullMessageProcessor storeOffsetEnable)', () => {
  it('stores a positive consumed offset in CLUSTERING, and an unchanged one leaves the table as it is', () => {
    const s = state('CLUSTERING', { [KEY]: 4 });
    expect(commitWithPull(s, KEY, { nextOffset: 7, consumedOffset: 6 })).toEqual({ [KEY]: 6 });
    expect(commitWithPull(s, KEY, { nextOffset: 7, consumedOffset: 4 })).toBe(s.committed);
    expect(commitWithPull(s, KEY, { nextOffset: 7, consumedOffset: null })).toBe(s.committed);
    expect(commitWithPull(state('BROADCASTING'), KEY, { nextOffset: 7, consumedOffset: 6 })).toEqual({});
  });
});

describe('persist(mq) (RemoteBrokerOffsetStore / LocalFileOffsetStore .persist)', () => {
  it('writes only queues with an in-memory offset: none held, or none consumed yet, writes nothing', () => {
    const s = state('CLUSTERING', { [KEY]: 2 });
    expect(persist(s, holding(null), [KEY, 'T/broker-a/1'])).toEqual({ committed: { [KEY]: 2 }, localOffsets: {} });
    expect(persist(s, holding(6), [KEY, 'T/broker-a/1'])).toEqual({ committed: { [KEY]: 6 }, localOffsets: {} });
    expect(persist(state('BROADCASTING'), holding(6), [KEY])).toEqual({ committed: {}, localOffsets: { [KEY]: 6 } });
  });
});
