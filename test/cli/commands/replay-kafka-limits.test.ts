/**
 * Issue 13 item 2 for Kafka: sizes. Logs are offset ranges, so a `produce` of 10⁹ records costs nothing; a poll
 * answers at most `maxRecords`, itself at most `maxPollRecordsLimit`; every documented limit (docs/limits.md) is
 * refused by validation with the positioned one-line error and exit 2.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systems } from '../../../model/systems.js';
import { catalog } from '../../../properties/catalog.js';
import { maxPollRecordsLimit, maxProduceCount } from '../../../model/kafka/consumer/commands.js';
import { maxConsumerNameLength } from '../../../model/kafka/group/commands.js';
import { maxGroupMembers } from '../../../model/kafka/group/coordinator.js';
import { maxPartitionsInCluster, maxPartitionsPerTopic, maxTopicNameLength } from '../../../model/kafka/consumer/setup.js';
import { runCli } from '../fixtures/counter-system.js';
import { tempFolder } from '../../support/temp-folder.js';

const folder = tempFolder('kafka-limits');
let written = 0;

/** `mqspec replay` of a scenario, timed. */
function replay(scenario: unknown): { readonly exitCode: number; readonly stderr: string; readonly stdout: string; readonly ms: number } {
  const path = join(folder, `scenario-${++written}.json`);
  writeFileSync(path, JSON.stringify(scenario));
  const started = performance.now();
  const run = runCli(['replay', path, '--json'], { systems, catalog });
  return { ...run, ms: performance.now() - started };
}

const assignT0 = { type: 'assign', partitions: [{ topic: 't', partition: 0 }] };
const consumer = (commands: unknown[], topics: Record<string, number> = { t: 1 }): unknown => ({
  system: 'kafka.consumer',
  setup: { topics, autoOffsetReset: 'earliest' },
  commands,
});

describe('kafka sizes', () => {
  it('refuses the issue\'s poll of 10⁸ records after a produce of 10⁹ with exit 2 and one positioned line, at once', () => {
    const run = replay(consumer([assignT0, { type: 'produce', topic: 't', partition: 0, count: 1e9 }, { type: 'poll', maxRecords: 1e8 }]));
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^mqspec: [^\n]*commands\[2\] \(poll\)\.maxRecords: maxRecords must be at most 10,000[^\n]*\n$/);
    expect(run.ms).toBeLessThan(1_000);
  });

  it('replays a produce of 10⁹ records and polls of the largest allowed size within a second', () => {
    const poll = { type: 'poll', maxRecords: maxPollRecordsLimit };
    const run = replay(consumer([assignT0, { type: 'produce', topic: 't', partition: 0, count: maxProduceCount }, poll, poll, { type: 'position', partition: { topic: 't', partition: 0 } }]));
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const steps = (JSON.parse(run.stdout) as { steps: { outcome: { value?: unknown } }[] }).steps;
    // Each poll answers exactly maxRecords records, the second continuing where the first stopped.
    const polled = steps.slice(2, 4).map((step) => step.outcome.value as { offset: number }[]);
    expect(polled.map((records) => records.length)).toEqual([maxPollRecordsLimit, maxPollRecordsLimit]);
    expect(polled[1]?.[0]?.offset).toBe(maxPollRecordsLimit);
    expect(steps[4]?.outcome.value).toBe(2 * maxPollRecordsLimit);
    expect(run.ms).toBeLessThan(1_000);
  });

  const long = (n: number): string => 'x'.repeat(n);
  const group = (commands: unknown[]): unknown => ({ system: 'kafka.group', setup: { topics: { t: 1 } }, commands });

  it.each([
    ['a produce count', consumer([{ type: 'produce', topic: 't', partition: 0, count: maxProduceCount + 1 }]), /commands\[0\] \(produce\)\.count: count must be at most 1,000,000,000/],
    ['maxRecords', consumer([{ type: 'poll', maxRecords: maxPollRecordsLimit + 1 }]), /commands\[0\] \(poll\)\.maxRecords: /],
    ['partitions of a setup topic', consumer([], { t: maxPartitionsPerTopic + 1 }), /setup\.topics\.t: a topic may have at most 10,000 partitions/],
    ['partitions of a metadataUpdate topic', consumer([{ type: 'metadataUpdate', topics: { ['__proto__']: 2 ** 31 } }]), /commands\[0\] \(metadataUpdate\)\.topics\.__proto__: a topic may have/],
    [
      'partitions of all topics together',
      consumer([], Object.fromEntries(Array.from({ length: maxPartitionsInCluster / maxPartitionsPerTopic + 1 }, (_, i) => [`t${i}`, maxPartitionsPerTopic]))),
      /setup\.topics: the topics may have at most 100,000 partitions together/,
    ],
    ['a setup topic name', consumer([], { [long(maxTopicNameLength + 1)]: 1 }), /setup\.topics\.x+: a topic name must be at most 249 characters/],
    ['a topic name in a command', consumer([{ type: 'subscribe', topics: [long(maxTopicNameLength + 1)] }]), /commands\[0\] \(subscribe\)\.topics\[0\]: a topic name must be at most 249/],
    ['a consumer name', group([{ type: 'join', consumer: long(maxConsumerNameLength + 1) }]), /commands\[0\] \(join\)\.consumer: a consumer name must be at most 249/],
  ])('refuses %s beyond its limit with exit 2 and one positioned line', (_what, scenario, reason) => {
    const run = replay(scenario);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^mqspec: [^\n]+\n$/);
    expect(run.stderr).toMatch(reason);
  });

  it(`keeps at most ${maxGroupMembers} live members: one more join answers GroupMaxSizeReachedException and changes nothing, and a long run of a full group replays in seconds`, () => {
    const members = Array.from({ length: maxGroupMembers + 1 }, (_, i) => `c${i}`);
    const polls = Array.from({ length: 5_000 }, (_, i) => ({ type: 'poll', consumer: members[i % maxGroupMembers] }));
    const run = replay(
      group([
        ...members.map((consumer) => ({ type: 'join', consumer })),
        ...members.slice(0, maxGroupMembers).map((consumer) => ({ type: 'subscribe', consumer, topics: ['t'] })),
        { type: 'rebalance' },
        ...polls,
      ]),
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const replayed = JSON.parse(run.stdout) as { steps: { outcome: { ok: boolean; error?: string }; changes: unknown[] }[]; final: { observation: { members: Record<string, unknown> } } };
    const steps = replayed.steps;
    expect(steps[maxGroupMembers]?.outcome).toMatchObject({ ok: false, error: 'GroupMaxSizeReachedException' });
    expect(steps[maxGroupMembers]?.changes).toEqual([]);
    expect(Object.keys(replayed.final.observation.members)).toEqual(members.slice(0, maxGroupMembers));
    expect(steps.every((step, i) => i === maxGroupMembers || step.outcome.ok)).toBe(true);
    // Unchanged members' observations are reused, so a step costs what changed, not the whole group (was ~4 ms a step).
    expect(run.ms).toBeLessThan(20_000);
  });

  it('takes every limit itself', () => {
    const topics = { [long(maxTopicNameLength)]: maxPartitionsPerTopic };
    const run = replay({
      system: 'kafka.group',
      setup: { topics },
      commands: [
        { type: 'join', consumer: long(maxConsumerNameLength) },
        { type: 'produce', topic: long(maxTopicNameLength), partition: 0, count: maxProduceCount },
        { type: 'poll', consumer: long(maxConsumerNameLength), maxRecords: maxPollRecordsLimit },
      ],
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
  });
});
