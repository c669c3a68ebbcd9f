/**
 * The campaign's runner: each workload under a namespace of its own — group `<prefix><ns>`, topics `<prefix><ns>-t1`,
 * … — on a broker leased from a pool, and the history handed back names the topics as the workload does (t1, not
 * w3-t1), so that findings read the same whichever run found them.
 *
 * librdkafka's mock aborts the whole broker process on some client sequences Kafka serves (an assertion in
 * rdkafka_mock_cgrp.c when a member's second SyncGroup arrives while its first is held, docs/real-clients.md). A
 * broker of one's own per running workload keeps that abort to the one run it hit: the pool starts a broker per lane
 * (each up in well under a second), and a run whose broker aborted is a fault — never a finding — after which the
 * lane gets a fresh broker. A broker the user runs (`--bootstrap`) is shared by every run, and its death ends the run.
 */
import type { KafkaEvent, KafkaHistory } from '../histories/kafka-history.js';
import { startMockBroker, type KafkaBroker } from './mock-broker.js';
import { BrokerDied, runKafkaWorkload, type KafkaRunOptions } from './kafka-workload.js';
import type { WorkloadRunner } from './kafka-campaign.js';

/** Brokers for runs: one at a time per lease. */
export interface BrokerPool {
  /** Runs `work` on a broker no other lease holds (mock brokers) or on the one shared broker. */
  lease<T>(work: (broker: KafkaBroker) => Promise<T>): Promise<T>;
  /** Whether a broker's death is the run's fault (a mock of our own) rather than the end of the campaign. */
  readonly replaceable: boolean;
  /** Mock brokers that aborted during a run. */
  aborted(): number;
  /** Stops every broker the pool started. */
  stop(): Promise<void>;
}

/** A pool of librdkafka mock brokers: an idle one is reused, a dead one replaced. */
export function mockBrokerPool(): BrokerPool {
  const idle: KafkaBroker[] = [];
  const all = new Set<KafkaBroker>();
  let aborted = 0;
  return {
    replaceable: true,
    async lease(work) {
      const broker = idle.pop() ?? (await startMockBroker());
      all.add(broker);
      try {
        return await work(broker);
      } finally {
        if (broker.died() === undefined) idle.push(broker);
        else {
          aborted++;
          all.delete(broker);
          await broker.stop();
        }
      }
    },
    aborted: () => aborted,
    async stop() {
      await Promise.all([...all].map((broker) => broker.stop()));
      all.clear();
      idle.length = 0;
    },
  };
}

/** One broker shared by every run (the user's own, or one mock started by the caller). */
export function sharedBrokerPool(broker: KafkaBroker): BrokerPool {
  return { replaceable: false, lease: (work) => work(broker), aborted: () => 0, stop: async () => {} };
}

/** A runner of workloads on brokers from `pool`, each in its own namespace (`prefix` tells campaigns apart on a shared broker). */
export function namespacedRunner(pool: BrokerPool, prefix: string, options: Partial<Omit<KafkaRunOptions, 'broker' | 'group' | 'topicPrefix'>> = {}): WorkloadRunner {
  return (workload, namespace) =>
    pool.lease(async (broker) => {
      const topicPrefix = `${prefix}${namespace}-`;
      const started = performance.now();
      try {
        const run = await runKafkaWorkload(workload, { ...options, broker, group: `${prefix}${namespace}`, topicPrefix });
        return { ...run, history: withoutTopicPrefix(run.history, topicPrefix) };
      } catch (error) {
        if (!(error instanceof BrokerDied) || !pool.replaceable) throw error;
        const history: KafkaHistory = { setup: { topics: { ...workload.topics } }, events: [] };
        return { history, faults: [`broker artifact, run discarded: ${error.message}`], milliseconds: Math.round(performance.now() - started) };
      }
    });
}

/** The history with `prefix` taken off every topic name. */
export function withoutTopicPrefix(history: KafkaHistory, prefix: string): KafkaHistory {
  const bare = (topic: string): string => (topic.startsWith(prefix) ? topic.slice(prefix.length) : topic);
  const events = history.events.map((event): KafkaEvent => {
    const e = event as unknown as Record<string, unknown>;
    const out: Record<string, unknown> = { ...e };
    if (typeof e['topic'] === 'string') out['topic'] = bare(e['topic']);
    if (Array.isArray(e['topics'])) out['topics'] = (e['topics'] as string[]).map(bare);
    for (const field of ['partitions', 'offsets']) {
      const list = e[field];
      if (Array.isArray(list) && list.every((x) => typeof x === 'object' && x !== null)) {
        out[field] = (list as Record<string, unknown>[]).map((x) => ({ ...x, topic: bare(String(x['topic'])) }));
      }
    }
    return out as unknown as KafkaEvent;
  });
  const topics = Object.fromEntries(Object.entries(history.setup.topics).map(([topic, n]) => [bare(topic), n]));
  return { ...history, setup: { ...history.setup, topics }, events };
}
