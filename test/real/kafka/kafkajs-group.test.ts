// One real workload end to end: two kafkajs 2.2.4 consumers in one group over librdkafka's mock broker (a child
// process on 127.0.0.1), a producer, a join, a close and a crash; the history they report passes every check of
// `mqspec trace`, and no process is left behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockBroker, type KafkaBroker } from '../../../real/kafka/mock-broker.js';
import { runKafkaWorkload, type KafkaWorkloadStep } from '../../../real/kafka/kafka-workload.js';
import { checkKafkaHistory } from '../../../real/kafka/kafka-trace-checks.js';
import { liveDriverGroups } from '../../../real/process/driver-process.js';
import { liveGroupMembers } from '../../../conformance/protocol/process-table.js';

const start = (client: string): KafkaWorkloadStep => ({ step: 'start', client, library: 'kafkajs', assignor: 'roundrobin', topics: ['t1', 't2'] });

describe('kafkajs consumers in a real group', () => {
  let broker: KafkaBroker;
  beforeAll(async () => {
    broker = await startMockBroker();
  });
  afterAll(async () => {
    await broker.stop();
  });

  it('join, share the partitions as Java round-robin does, survive a crash, deliver every record', async () => {
    const steps: KafkaWorkloadStep[] = [
      start('c0'),
      { step: 'stable' },
      { step: 'produce', topic: 't1', partition: 0, count: 3 },
      start('c1'),
      { step: 'stable' },
      { step: 'produce', topic: 't2', partition: 1, count: 2 },
      { step: 'crash', client: 'c0' },
      { step: 'stable' },
      { step: 'produce', topic: 't1', partition: 2, count: 2 },
    ];
    const run = await runKafkaWorkload({ topics: { t1: 3, t2: 2 }, steps }, { broker, group: 'kafkajs-e2e' });
    const verdict = checkKafkaHistory(run.history);
    const artifacts = run.history.events.filter((e) => e.event === 'artifact');
    expect(run.faults).toEqual([]);
    expect(verdict.violations.filter((v) => v.excludedBy === undefined)).toEqual([]);
    // Without a broker artifact every settle is judged: the model's assignor agreed with each settled group.
    if (artifacts.length === 0) expect(verdict.stableMarkers).toBe(3);
    const delivered = run.history.events.filter((e) => e.event === 'delivered');
    if (artifacts.length === 0) expect(delivered.length).toBeGreaterThanOrEqual(7);
    // Only the broker is left: every client's process group is gone.
    expect(liveDriverGroups()).toEqual([broker.pid]);
  }, 120_000);

  it('leave nothing behind when the broker stops', async () => {
    const other = await startMockBroker();
    expect(other.bootstrap).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(await other.stop()).toBe(true);
    expect(liveGroupMembers(other.pid)).toEqual([]);
    expect(liveDriverGroups()).not.toContain(other.pid);
  });
});
