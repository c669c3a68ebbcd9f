import { describe, expect, it } from 'vitest';
import { narrateCommand } from '../../../reports/narrate/narrate-command.js';
import { outcomeText } from '../../../reports/narrate/outcome-text.js';

describe('narrateCommand', () => {
  it.each([
    ['kafka.consumer', { type: 'assign', partitions: [{ topic: 't0', partition: 0 }, { topic: 'zz', partition: 0 }] }, 'consumer assigns t0-0 and zz-0'],
    ['kafka.consumer', { type: 'commitSync', offsets: [{ topic: 'zz', partition: 0, offset: 1 }] }, 'consumer commits zz-0 at 1'],
    ['kafka.consumer', { type: 'seekToEnd', partitions: [] }, 'consumer seeks every assigned partition to the end'],
    ['kafka.consumer', { type: 'produce', topic: 't2', partition: 0, count: 2 }, '2 records are produced to t2-0'],
    ['kafka.group', { type: 'poll', consumer: 'c2', maxRecords: 1 }, 'c2 polls (at most 1 record)'],
    ['kafka.group', { type: 'rebalance' }, 'the coordinator rebalances the group'],
    ['rocketmq.group', { type: 'start', client: 'c1', subscriptions: { T1: '*', T2: 'TagA' } }, 'c1 starts, subscribing T1 "*" and T2 "TagA"'],
    ['rocketmq.group', { type: 'produce', topic: 'T1', queueId: 0, tags: 'TagB' }, 'a message tagged "TagB" is produced to T1/broker-a/0'],
    ['rocketmq.group', { type: 'produce', topic: 'T1', queueId: 0, count: 801 }, '801 messages (untagged) are produced to T1/broker-a/0'],
    ['rocketmq.group', { type: 'commitLogGrows' }, "broker-a's commit log outgrows its in-memory window: every message it stored so far is read from disk"],
    ['rocketmq.group', { type: 'pull', client: 'c1', queue: { topic: 'T1', brokerName: 'broker-a', queueId: 0 } }, 'c1 pulls T1/broker-a/0'],
  ])('tells a %s command in words: %j', (system, command, sentence) => {
    expect(narrateCommand(system, command, { brokers: ['broker-a'] })).toBe(sentence);
  });

  it('shows a command no narrator knows as its JSON', () => {
    expect(narrateCommand('test.counter', { type: 'inc' }, {})).toBe('{"type":"inc"}');
    expect(narrateCommand('kafka.consumer', { type: 'frobnicate' }, {})).toBe('{"type":"frobnicate"}');
  });
});

describe('outcomeText', () => {
  it('summarizes values in the system\'s terms and shows errors by name', () => {
    expect(outcomeText({ ok: true })).toBe('ok');
    expect(outcomeText({ ok: true, value: [{ topic: 't2', partition: 0, offset: 0 }] }, 'kafka.consumer', { type: 'poll' })).toBe('ok: returns t2-0@0');
    expect(outcomeText({ ok: true, value: { queue: {}, status: 'NO_MATCHED_MSG', messages: [], nextBeginOffset: 1 } }, 'rocketmq.group', { type: 'pull' })).toBe(
      'ok: NO_MATCHED_MSG, next offset 1',
    );
    expect(outcomeText({ ok: false, error: 'IllegalStateException', message: 'Subscription to topics, partitions and pattern are mutually exclusive' })).toBe(
      'IllegalStateException: Subscription to topics, partitions and pattern are mutually exclusive',
    );
    expect(outcomeText({ ok: true, value: { some: 'thing' } }, 'test.counter', { type: 'x' })).toBe('ok: {"some":"thing"}');
  });
});
