/**
 * The kafkajs consumer reproduction's translation of counterexample commands into kafkajs's public calls
 * (conformance/repro/kafkajs-consumer-repro-script.ts): which calls a user makes, which need a broker, and which
 * commands have no call at that point. The scripts themselves run in test/conformance/reproductions.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { kafkajsCalls, needsBroker } from '../../conformance/repro/kafkajs-consumer-repro-script.js';
import type { KafkaConsumerCommand } from '../../model/kafka/consumer/commands.js';
import type { KafkaConsumerSetup } from '../../model/kafka/consumer/setup.js';

const setup: KafkaConsumerSetup = { profile: 'kafka-1.0', autoOffsetReset: 'earliest', committed: [], topics: { t0: 2, t1: 1 } };
const calls = (commands: KafkaConsumerCommand[]) => kafkajsCalls(commands, setup);

describe('kafkajs reproduction calls', () => {
  it('pause, seek and commit before run act on the consumer alone: no broker', () => {
    const made = calls([
      { type: 'pause', partitions: [{ topic: 't0', partition: 1 }, { topic: 't1', partition: 0 }, { topic: 't0', partition: 0 }] },
      { type: 'seekToEnd', partitions: [{ topic: 't0', partition: 0 }] },
      { type: 'commitSync', offsets: [{ topic: 't0', partition: 0, offset: 3 }] },
    ]);
    if (!Array.isArray(made)) throw new Error(made.why);
    expect(made.map((c) => c.statement)).toEqual([
      'consumer.pause([{"topic":"t0","partitions":[1,0]},{"topic":"t1","partitions":[0]}])',
      "consumer.seek({ topic: \"t0\", partition: 0, offset: '-1' })",
      'await consumer.commitOffsets([{"topic":"t0","partition":0,"offset":"3"}])',
    ]);
    expect(needsBroker(made)).toBe(false);
  });

  it('subscribe and the first rebalance go through a broker: fromBeginning is auto.offset.reset=earliest, the rebalance is run and the join', () => {
    const made = calls([
      { type: 'subscribe', topics: ['t1'] },
      { type: 'rebalance', partitions: [{ topic: 't1', partition: 0 }] },
      { type: 'commitSync', offsets: [] },
    ]);
    if (!Array.isArray(made)) throw new Error(made.why);
    expect(made.map((c) => c.statement)).toEqual(['await consumer.subscribe({ topics: ["t1"], fromBeginning: true })', 'await joined({"t1":[0]})', 'await consumer.commitOffsets([])']);
    expect(made.map((c) => c.broker)).toEqual([true, true, true]);
  });

  it('makes a later rebalance a second member joining, then leaving', () => {
    const made = calls([
      { type: 'rebalance', partitions: [] },
      { type: 'rebalance', partitions: [{ topic: 't0', partition: 1 }] },
      { type: 'rebalance', partitions: [{ topic: 't0', partition: 0 }, { topic: 't0', partition: 1 }] },
    ]);
    if (!Array.isArray(made)) throw new Error(made.why);
    expect(made.map((c) => c.statement)).toEqual(['await joined({})', 'await rejoined({"t0":[1]})', 'await rejoined({"t0":[0,1]})']);
  });

  it('names the command kafkajs has no call for at that point', () => {
    const poll: KafkaConsumerCommand = { type: 'poll' };
    expect(calls([poll, poll])).toMatchObject({ command: 'poll' });
    expect(calls([{ type: 'assign', partitions: [] }])).toMatchObject({ command: 'assign' });
    expect(calls([{ type: 'commitSync' }])).toMatchObject({ command: 'commitSync' });
    expect(calls([{ type: 'seekToBeginning', partitions: [] }])).toMatchObject({ command: 'seekToBeginning' });
  });
});
