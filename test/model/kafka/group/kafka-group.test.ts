import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { KafkaGroupCommand } from '../../../../model/kafka/group/commands.js';
import { kafkaGroup } from '../../../../model/kafka/group/kafka-group.js';
import type { KafkaConsumerCommand } from '../../../../model/kafka/consumer/commands.js';
import { kafkaConsumer } from '../../../../model/kafka/consumer/kafka-consumer.js';
import { parseScenario } from '../../../../model/parse-scenario.js';
import type { AnySystemModel } from '../../../../model/system.js';
import { runTrace } from '../../../../model/trace.js';

const folder = join(import.meta.dirname, '../../../../scenarios/kafka.group');
const models = new Map<string, AnySystemModel>([[kafkaGroup.id, kafkaGroup as AnySystemModel]]);
const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')).sort();

describe('hand-written kafka.group scenarios (scenarios/kafka.group)', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
  });

  for (const file of files) {
    it(`replays ${file} as expected`, () => {
      const parsed = parseScenario(JSON.parse(readFileSync(join(folder, file), 'utf8')), models);
      if (!parsed.ok) throw new Error(parsed.reason);
      const { scenario } = parsed;
      const trace = runTrace(kafkaGroup, kafkaGroup.setupSchema.parse(scenario.setup), scenario.commands as readonly KafkaGroupCommand[]);
      for (const [index, expected] of (scenario.expect?.outcomes ?? []).entries()) {
        if (expected !== null) expect(trace.steps[index]?.outcome, `step ${index}`).toMatchObject(expected);
      }
      expect(trace.steps.at(-1)?.after ?? trace.initial).toMatchObject(scenario.expect?.final ?? {});
    });
  }
});

describe('the kafka.group command vocabulary', () => {
  it('refuses a member-level rebalance {partitions}: the coordinator computes the assignment', () => {
    const parsed = kafkaGroup.commandSchema.safeParse({ type: 'rebalance', partitions: [{ topic: 't0', partition: 0 }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/rebalance takes no fields/);
  });

  it('asks client calls for the consumer that makes them, and environment facts for none', () => {
    expect(kafkaGroup.commandSchema.safeParse({ type: 'poll' }).success).toBe(false);
    expect(kafkaGroup.commandSchema.safeParse({ type: 'poll', consumer: 'c0' }).success).toBe(true);
    expect(kafkaGroup.commandSchema.safeParse({ type: 'produce', topic: 't0', partition: 0, count: 1 }).success).toBe(true);
  });

  it('documents every command with an example its schema accepts', () => {
    const documented = kafkaGroup.commands.map((doc) => doc.type).sort();
    expect(documented).toEqual(['assign', 'commitSync', 'committed', 'deleteRecords', 'join', 'leave', 'metadataUpdate', 'pause', 'pauseTopics', 'poll', 'position', 'produce', 'rebalance', 'resume', 'resumeTopics', 'seek', 'seekToBeginning', 'seekToEnd', 'subscribe', 'subscribePattern', 'unsubscribe']);
    for (const doc of kafkaGroup.commands) expect(kafkaGroup.commandSchema.safeParse(doc.example).success, doc.type).toBe(true);
  });
});

describe('the kafka.group model', () => {
  it('runs a member\'s calls through kafka.consumer: modes stay exclusive per member', () => {
    const setup = kafkaGroup.setupSchema.parse({ topics: { t0: 1 } });
    const trace = runTrace(kafkaGroup, setup, [
      { type: 'join', consumer: 'c0' },
      { type: 'join', consumer: 'c1' },
      { type: 'subscribe', consumer: 'c0', topics: ['t0'] },
      { type: 'assign', consumer: 'c0', partitions: [{ topic: 't0', partition: 0 }] },
      { type: 'assign', consumer: 'c1', partitions: [{ topic: 't0', partition: 0 }] },
    ]);
    expect(trace.steps.map((s) => s.outcome.ok)).toEqual([true, true, true, false, true]);
    expect(trace.steps[3]?.outcome).toMatchObject({ error: 'IllegalStateException' });
  });

  it('lets a metadata update reach every member\'s pattern subscription', () => {
    const setup = kafkaGroup.setupSchema.parse({ topics: { t0: 1 } });
    const trace = runTrace(kafkaGroup, setup, [
      { type: 'join', consumer: 'c0' },
      { type: 'subscribePattern', consumer: 'c0', pattern: 't.*' },
      { type: 'metadataUpdate', topics: { t0: 1, t1: 2 } },
    ]);
    expect(trace.steps.at(-1)?.after.members['c0']?.subscription).toEqual(['t0', 't1']);
    expect(Object.keys(trace.steps.at(-1)?.after.logs ?? {})).toEqual(['t0-0', 't1-0', 't1-1']);
  });
});

describe('a member\'s failing call (KafkaConsumer.poll → updateFetchPositions, as kafka.consumer: KC-05)', () => {
  it('keeps what the consumer model keeps: the position resolved from the committed offset, and the NONE reset started', () => {
    const setup = kafkaGroup.setupSchema.parse({ topics: { t0: 2 }, autoOffsetReset: 'none', committed: [{ topic: 't0', partition: 0, offset: 1 }] });
    const commands: KafkaGroupCommand[] = [
      { type: 'join', consumer: 'c0' },
      { type: 'assign', consumer: 'c0', partitions: [{ topic: 't0', partition: 0 }, { topic: 't0', partition: 1 }] },
      { type: 'poll', consumer: 'c0' },
    ];
    const trace = runTrace(kafkaGroup, setup, commands);
    const poll = trace.steps[2];
    expect(poll?.outcome).toMatchObject({ ok: false, error: 'NoOffsetForPartitionException' });
    const consumer = runTrace(kafkaConsumer, kafkaConsumer.setupSchema.parse({ topics: { t0: 2 }, autoOffsetReset: 'none', committed: [{ topic: 't0', partition: 0, offset: 1 }] }), commands.slice(1).map((c) => { const { consumer: _c, ...call } = c as KafkaGroupCommand & { consumer: string }; return call as KafkaConsumerCommand; }));
    const alone = consumer.steps.at(-1)?.after as { partitions: Record<string, unknown> };
    const member = (poll?.after as { members: Record<string, { partitions: Record<string, unknown> }> }).members['c0'];
    expect(member?.partitions['t0-0']).toMatchObject({ position: 1, committed: 1 });
    expect(member?.partitions).toEqual(alone.partitions);
  });
});
