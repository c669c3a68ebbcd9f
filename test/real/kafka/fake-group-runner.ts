/**
 * A stand-in for real clients, for testing the campaign's machinery (generation, judging, shrinking, findings)
 * without a broker: it plays a workload as a group whose leader assigns round-robin over the union of every
 * member's topics and then drops what a member does not subscribe — kafkajs 2.2.4's behaviour with different
 * subscriptions (docs/real-clients.md) — and writes the history a real run would.
 */
import type { KafkaEvent } from '../../../real/histories/kafka-history.js';
import type { WorkloadRunner } from '../../../real/kafka/kafka-campaign.js';
import type { KafkaWorkload } from '../../../real/kafka/kafka-workload.js';

/** The fake runner; `calls` counts the runs. */
export function fakeGroupRunner(): { run: WorkloadRunner; calls: () => number } {
  let calls = 0;
  const run: WorkloadRunner = async (workload: KafkaWorkload) => {
    calls++;
    const events: KafkaEvent[] = [];
    const seqs = new Map<string, number>();
    const emit = (client: string, event: string, fields: Record<string, unknown> = {}): void => {
      const seq = seqs.get(client) ?? 0;
      seqs.set(client, seq + 1);
      events.push({ client, seq, time: events.length, event, ...fields } as KafkaEvent);
    };
    const members = new Map<string, readonly string[]>();
    const owned = new Map<string, string>();
    const next = new Map<string, number>();
    const rebalance = (): void => {
      const sorted = [...members.keys()].sort();
      const union = [...new Set([...members.values()].flat())].sort();
      const partitions = union.flatMap((topic) => Array.from({ length: workload.topics[topic] ?? 0 }, (_, partition) => ({ topic, partition })));
      const mine = new Map(sorted.map((m) => [m, [] as { topic: string; partition: number }[]]));
      partitions.forEach((p, i) => mine.get(sorted[i % sorted.length]!)!.push(p));
      owned.clear();
      for (const [member, list] of mine) {
        const kept = list.filter((p) => members.get(member)!.includes(p.topic));
        for (const p of kept) owned.set(`${p.topic}-${p.partition}`, member);
        emit(member, 'assignment', { memberId: member, partitions: kept });
      }
    };
    const deliver = (): void => {
      for (const [key, member] of owned) {
        const [topic, partition] = [key.slice(0, key.lastIndexOf('-')), Number(key.slice(key.lastIndexOf('-') + 1))];
        const produced = events.filter((e) => e.event === 'produced' && e.topic === topic && e.partition === partition).length;
        for (let offset = next.get(key) ?? 0; offset < produced; offset++) emit(member, 'delivered', { topic, partition, offset });
        next.set(key, produced);
      }
    };
    for (const step of workload.steps) {
      if (step.step === 'start') {
        emit(step.client, 'started', { library: 'fake' });
        emit(step.client, 'subscribed', { topics: step.topics, assignor: step.assignor, autoCommit: true });
        members.set(step.client, step.topics);
        rebalance();
      } else if (step.step === 'close' || step.step === 'crash') {
        members.delete(step.client);
        emit(step.client, step.step === 'close' ? 'closed' : 'crashed');
        rebalance();
      } else if (step.step === 'produce') {
        const base = events.filter((e) => e.event === 'produced' && e.topic === step.topic && e.partition === step.partition).length;
        for (let i = 0; i < step.count; i++) emit('producer', 'produced', { topic: step.topic, partition: step.partition, offset: base + i });
      } else if (step.step === 'stable') {
        deliver();
        emit('mqspec', 'stable', { members: [...members.keys()] });
      }
    }
    deliver();
    emit('mqspec', 'quiescent');
    return { history: { setup: { topics: { ...workload.topics } }, events }, faults: [], milliseconds: 1 };
  };
  return { run, calls: () => calls };
}
