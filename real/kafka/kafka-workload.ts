/**
 * A workload: what real Kafka clients do in one consumer group, step by step — consumers start (library, assignor,
 * topics, auto-commit), records are produced, consumers close or crash (SIGKILL), pause, resume, seek — and waits
 * until the group settles. `runKafkaWorkload` runs it for real: each consumer and the producer a driver process of its
 * own, over one broker, every event they report written to the history with one monotonic clock, and the runner's
 * markers (`stable`, `quiescent`, `artifact`, `crashed`) beside them. Every wait is bounded.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DriverProcess } from '../process/driver-process.js';
import { kafkaEventSchema, type KafkaEvent, type KafkaHistory } from '../histories/kafka-history.js';
import type { KafkaBroker } from './mock-broker.js';
import { kafkaClientLibraries, type KafkaClientLibrary } from './kafka-libraries.js';

/** One step of a workload. */
export type KafkaWorkloadStep =
  | { readonly step: 'start'; readonly client: string; readonly library: string; readonly assignor: string; readonly topics: readonly string[]; readonly autoCommit?: boolean }
  | { readonly step: 'produce'; readonly topic: string; readonly partition: number; readonly count: number }
  | { readonly step: 'close'; readonly client: string }
  | { readonly step: 'crash'; readonly client: string }
  | { readonly step: 'pause' | 'resume'; readonly client: string; readonly topic: string; readonly partitions?: readonly number[] }
  | { readonly step: 'seek'; readonly client: string; readonly topic: string; readonly partition: number; readonly offset: number }
  /** Commit, through the library's own commit call, the next offset of every record the consumer was handed. */
  | { readonly step: 'commit'; readonly client: string }
  /** Let the clients run for a bounded time. */
  | { readonly step: 'wait'; readonly milliseconds: number }
  | { readonly step: 'stable' };

/** A workload: its topics (partition counts) and its steps. */
export interface KafkaWorkload {
  readonly topics: Readonly<Record<string, number>>;
  readonly steps: readonly KafkaWorkloadStep[];
}

/** Timers and bounds of a run. */
export interface KafkaRunOptions {
  readonly broker: KafkaBroker;
  /** The group id: independent runs on one broker each have their own. */
  readonly group: string;
  /**
   * Prepended to every topic name on the broker (`w3-` makes t1 `w3-t1`), so that independent runs share a broker
   * without sharing topics; the runner creates the workload's topics under these names. Default: none.
   */
  readonly topicPrefix?: string;
  /** Whether the runner creates the workload's topics (default true; false when the caller made them). */
  readonly createTopics?: boolean;
  /** The consumers' session timeout: the mock needs ≥ 4 s (docs/real-clients.md). */
  readonly sessionTimeout?: number;
  readonly heartbeatInterval?: number;
  /** How long a settle may take before the runner writes `unstable` (default 30 s). */
  readonly settleMilliseconds?: number;
  /** How long the group must show no new assignment to count as settled (default 1 s). */
  readonly quietMilliseconds?: number;
  /** How long a group with an unowned subscribed partition must show no new assignment to count as settled (default: the session timeout + 1.5 s, longer than the mock's join delay). */
  readonly incompleteQuietMilliseconds?: number;
  /** How long to wait for the last records at the end (default 10 s). */
  readonly drainMilliseconds?: number;
  /** Each driver request's bound (default 20 s). */
  readonly requestMilliseconds?: number;
}

/** A run's result: the history and what went wrong in the plumbing (a driver that hung, crashed or wrote garbage). */
export interface KafkaRunResult {
  readonly history: KafkaHistory;
  readonly faults: readonly string[];
  readonly milliseconds: number;
}

/** The runner's own client name in the history. */
export const runnerClient = 'mqspec';

/** Runs a workload for real; resolves when every driver is gone. */
export async function runKafkaWorkload(workload: KafkaWorkload, options: KafkaRunOptions): Promise<KafkaRunResult> {
  const started = performance.now();
  const events: KafkaEvent[] = [];
  const faults: string[] = [];
  const drivers = new Map<string, { driver: DriverProcess; library: KafkaClientLibrary; lastSeq: number; consumer: boolean }>();
  /** Drivers the workload closed or crashed: their exit is the step, not a fault. */
  const ended = new Set<DriverProcess>();
  const settleMs = options.settleMilliseconds ?? 30_000;
  const quietMs = options.quietMilliseconds ?? 1000;
  const incompleteQuietMs = options.incompleteQuietMilliseconds ?? (options.sessionTimeout ?? 4500) + 1500;
  const requestMs = options.requestMilliseconds ?? 20_000;
  const now = (): number => Math.round((performance.now() - started) * 10) / 10;
  let runnerSeq = 0;
  let lastMembershipChange = 0;
  const mark = (event: string, fields: Record<string, unknown> = {}): void => {
    events.push({ client: runnerClient, seq: runnerSeq++, time: now(), event, ...fields } as KafkaEvent);
  };

  const record = (client: string, library: KafkaClientLibrary, line: Readonly<Record<string, unknown>>, receivedAt: number): void => {
    const parsed = kafkaEventSchema.safeParse({ ...line, client, time: Math.round((receivedAt - started) * 10) / 10 });
    if (!parsed.success) {
      faults.push(`${client} wrote an event the history format does not have: ${JSON.stringify(line).slice(0, 200)}`);
      return;
    }
    const event = parsed.data as unknown as KafkaEvent;
    events.push(event);
    const entry = drivers.get(client);
    if (entry !== undefined) entry.lastSeq = event.seq;
    if (event.event === 'error') {
      const artifact = library.artifactOf(event.message);
      if (artifact !== undefined) mark('artifact', { kind: artifact, message: `${client}: ${event.message}` });
    }
  };

  const open = async (client: string, library: KafkaClientLibrary, consumer: boolean): Promise<DriverProcess> => {
    const driver = await DriverProcess.start({ argv: library.argv() });
    drivers.set(client, { driver, library, lastSeq: -1, consumer });
    driver.onEvent(({ line, receivedAt }) => record(client, library, line, receivedAt));
    driver.onFault((fault) => {
      if (fault.kind !== 'exit' || !ended.has(driver)) faults.push(`${client}: ${JSON.stringify(fault)}`);
    });
    return driver;
  };
  const ask = async (client: string, op: string, fields: Record<string, unknown>): Promise<void> => {
    const entry = drivers.get(client);
    if (entry === undefined) {
      faults.push(`${op} for ${client}, which is not running`);
      return;
    }
    const answer = await entry.driver.request(op, fields, requestMs);
    if (!answer.ok) faults.push(`${client} ${op}: ${JSON.stringify(answer.fault)}`);
  };

  const liveConsumers = (): string[] => [...drivers].filter(([, d]) => d.consumer).map(([name]) => name);
  /** Each running consumer's topics (as on the broker), for the settle's completeness test. */
  const subscriptions = new Map<string, readonly string[]>();
  /** Whether the running consumers' latest assignments cover every partition of every topic they subscribe. */
  const covered = (members: readonly string[], topics: Readonly<Record<string, number>>): boolean => {
    const owned = new Set<string>();
    for (const member of members) {
      const last = events.findLast((e): e is KafkaEvent<'assignment'> => e.client === member && e.event === 'assignment');
      for (const p of last?.partitions ?? []) owned.add(`${p.topic}\u0000${p.partition}`);
    }
    const wanted = new Set(members.flatMap((m) => subscriptions.get(m) ?? []));
    return [...wanted].every((topic) => Array.from({ length: topics[topic] ?? 0 }, (_, p) => p).every((p) => owned.has(`${topic}\u0000${p}`)));
  };
  /**
   * Waits until every live consumer has an assignment since the last membership change and none came for `quietMs`
   * — or, while some subscribed partition has no owner, for `incompleteQuietMs`: a cooperative rebalance hands
   * revoked partitions out in a second round, one broker join delay later, and a group left incomplete for longer
   * than that has settled incomplete (which the `complete` check then judges).
   */
  const settle = async (topics: Readonly<Record<string, number>>): Promise<void> => {
    const deadline = performance.now() + settleMs;
    for (;;) {
      const members = liveConsumers();
      const assignedSince = (client: string): boolean => events.some((e) => e.client === client && e.event === 'assignment' && e.time >= lastMembershipChange);
      const lastAssignment = events.findLast((e) => e.event === 'assignment')?.time ?? 0;
      const quiet = now() - lastAssignment;
      if (members.every(assignedSince) && quiet >= (covered(members, topics) ? quietMs : incompleteQuietMs)) {
        mark('stable', { members });
        return;
      }
      if (performance.now() > deadline) {
        mark('unstable', { reason: `no settled group within ${settleMs} ms (waiting for ${members.filter((m) => !assignedSince(m)).join(', ') || 'quiet'})` });
        return;
      }
      await sleep(100);
    }
  };

  const bootstrap = options.broker.bootstrap;
  const prefix = options.topicPrefix ?? '';
  const topicName = (topic: string): string => `${prefix}${topic}`;
  const topics = Object.fromEntries(Object.entries(workload.topics).map(([topic, partitions]) => [topicName(topic), partitions]));
  if (options.createTopics ?? true) for (const [topic, partitions] of Object.entries(topics)) await options.broker.createTopic(topic, partitions);
  try {
    for (const raw of workload.steps) {
      const step = onBroker(raw, topicName);
      if (options.broker.died() !== undefined) break;
      switch (step.step) {
        case 'start': {
          const library = kafkaClientLibraries[step.library];
          if (library === undefined) throw new Error(`no driver for library ${step.library}`);
          await open(step.client, library, true);
          subscriptions.set(step.client, step.topics);
          lastMembershipChange = now();
          await ask(step.client, 'consumer', {
            bootstrap,
            group: options.group,
            clientId: step.client,
            topics: step.topics,
            assignor: step.assignor,
            autoCommit: step.autoCommit ?? true,
            sessionTimeout: options.sessionTimeout ?? 4500,
            heartbeatInterval: options.heartbeatInterval ?? 300,
          });
          break;
        }
        case 'produce': {
          if (!drivers.has('producer')) await open('producer', kafkaClientLibraries['kafkajs']!, false);
          await ask('producer', 'produce', { bootstrap, topic: step.topic, partition: step.partition, count: step.count });
          break;
        }
        case 'close': {
          await ask(step.client, 'close', {});
          const entry = drivers.get(step.client);
          drivers.delete(step.client);
          if (entry !== undefined) ended.add(entry.driver);
          await entry?.driver.end(3000);
          lastMembershipChange = now();
          break;
        }
        case 'crash': {
          const entry = drivers.get(step.client);
          drivers.delete(step.client);
          if (entry !== undefined) {
            ended.add(entry.driver);
            await entry.driver.kill();
            events.push({ client: step.client, seq: entry.lastSeq + 1, time: now(), event: 'crashed' } as KafkaEvent);
          }
          lastMembershipChange = now();
          break;
        }
        case 'pause':
        case 'resume':
          await ask(step.client, step.step, { topic: step.topic, ...(step.partitions === undefined ? {} : { partitions: step.partitions }) });
          break;
        case 'seek':
          await ask(step.client, 'seek', { topic: step.topic, partition: step.partition, offset: step.offset });
          break;
        case 'commit':
          await ask(step.client, 'commit', {});
          break;
        case 'wait':
          await sleep(Math.min(step.milliseconds, maxWaitMilliseconds));
          break;
        case 'stable':
          await settle(topics);
          break;
      }
    }
    await drain(events, options.drainMilliseconds ?? 10_000, quietMs, now);
    mark('quiescent');
  } finally {
    const last = [...drivers.values()].map(({ driver }) => driver);
    for (const driver of last) ended.add(driver);
    await Promise.all(last.map((driver) => driver.end(3000)));
    drivers.clear();
  }
  const died = options.broker.died();
  if (died !== undefined) throw new BrokerDied(died);
  return { history: { setup: { topics, group: options.group, broker: `librdkafka mock ${options.broker.version}` }, events }, faults, milliseconds: Math.round(performance.now() - started) };
}

/** The longest `wait` step a workload may ask for. */
export const maxWaitMilliseconds = 10_000;

/** A step with its topic named as on the broker. */
function onBroker(step: KafkaWorkloadStep, topicName: (topic: string) => string): KafkaWorkloadStep {
  if (step.step === 'start') return { ...step, topics: step.topics.map(topicName) };
  if ('topic' in step) return { ...step, topic: topicName(step.topic) };
  return step;
}

/** The broker ended during a run. */
export class BrokerDied extends Error {}

/** Waits until every produced record was delivered or nothing arrived for `quietMs`, at most `milliseconds`. */
async function drain(events: readonly KafkaEvent[], milliseconds: number, quietMs: number, now: () => number): Promise<void> {
  const deadline = performance.now() + milliseconds;
  while (performance.now() < deadline) {
    const produced = new Set(events.filter((e) => e.event === 'produced').map((e) => `${e.topic}-${e.partition}@${e.offset}`));
    for (const e of events) if (e.event === 'delivered') produced.delete(`${e.topic}-${e.partition}@${e.offset}`);
    const last = events.findLast((e) => e.event === 'delivered' || e.event === 'assignment')?.time ?? 0;
    if (produced.size === 0 || now() - last > Math.max(quietMs, 3000)) return;
    await sleep(100);
  }
}
