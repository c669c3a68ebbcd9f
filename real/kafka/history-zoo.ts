/**
 * The history bug zoo: one clean Kafka group history and, per check of kafka-trace-checks.ts, a history with the one
 * defect that check exists for — what a broken client or assignor would report. `mqspec trace` must pass the clean one
 * and flag each defect with its check (test/real/kafka-trace.test.ts); docs/histories.md shows them.
 *
 * The clean history is the shape of a real run (kafkajs 2.2.4, round-robin, librdkafka's mock broker): c0 joins
 * alone and owns everything, c1 joins and the group splits the five partitions as Java's RoundRobinAssignor does for
 * member ids m0 < m1, records are produced, delivered and auto-committed, c1 closes and c0 takes everything back.
 */
import type { KafkaEvent, KafkaHistory } from '../histories/kafka-history.js';
import type { KafkaTraceCheck } from './kafka-trace-checks.js';

/** An event without its seq and time (a distributive Omit: one per event kind). */
type Line = KafkaEvent extends infer E ? (E extends KafkaEvent ? Omit<E, 'seq' | 'time'> : never) : never;
type Partitions = KafkaEvent<'assignment'>['partitions'];

const all: Partitions = [
  { topic: 't1', partition: 0 },
  { topic: 't1', partition: 1 },
  { topic: 't1', partition: 2 },
  { topic: 't2', partition: 0 },
  { topic: 't2', partition: 1 },
];
// Java's RoundRobinAssignor over t1-0, t1-1, t1-2, t2-0, t2-1 for members m0 < m1.
const ofM0: Partitions = [all[0]!, all[2]!, all[4]!];
const ofM1: Partitions = [all[1]!, all[3]!];

/** The clean history's lines, without seq and time (numbered by `history`). */
function cleanLines(): Line[] {
  const subscribe = (client: string): Line => ({ client, event: 'subscribed', topics: ['t1', 't2'], assignor: 'roundrobin', autoCommit: true });
  const delivered = (client: string, topic: string, partition: number, offset: number): Line => ({ client, event: 'delivered', topic, partition, offset });
  const produced = (topic: string, partition: number, offset: number): Line => ({ client: 'p', event: 'produced', topic, partition, offset });
  return [
    { client: 'c0', event: 'started', library: 'kafkajs@2.2.4' },
    subscribe('c0'),
    { client: 'c0', event: 'assignment', memberId: 'm0', partitions: all },
    { client: 'mqspec', event: 'stable', members: ['c0'] },
    { client: 'p', event: 'started', library: 'kafkajs@2.2.4' },
    produced('t1', 0, 0),
    produced('t1', 0, 1),
    produced('t1', 0, 2),
    delivered('c0', 't1', 0, 0),
    delivered('c0', 't1', 0, 1),
    delivered('c0', 't1', 0, 2),
    { client: 'c0', event: 'committed', offsets: [{ topic: 't1', partition: 0, offset: 3 }] },
    { client: 'c1', event: 'started', library: 'kafkajs@2.2.4' },
    subscribe('c1'),
    { client: 'c0', event: 'assignment', memberId: 'm0', partitions: ofM0 },
    { client: 'c1', event: 'assignment', memberId: 'm1', partitions: ofM1 },
    { client: 'mqspec', event: 'stable', members: ['c0', 'c1'] },
    produced('t2', 0, 0),
    produced('t2', 0, 1),
    produced('t2', 1, 0),
    delivered('c1', 't2', 0, 0),
    delivered('c1', 't2', 0, 1),
    { client: 'c1', event: 'committed', offsets: [{ topic: 't2', partition: 0, offset: 2 }] },
    delivered('c0', 't2', 1, 0),
    { client: 'c0', event: 'committed', offsets: [{ topic: 't2', partition: 1, offset: 1 }] },
    { client: 'c1', event: 'closed' },
    { client: 'c0', event: 'assignment', memberId: 'm0', partitions: all },
    { client: 'mqspec', event: 'stable', members: ['c0'] },
    produced('t1', 1, 0),
    delivered('c0', 't1', 1, 0),
    { client: 'mqspec', event: 'quiescent' },
  ];
}

/** Numbers lines: per-client seq in order, time 10 ms apart. */
function history(lines: readonly Line[]): KafkaHistory {
  const seq = new Map<string, number>();
  const events = lines.map((line, i) => {
    const n = seq.get(line.client) ?? 0;
    seq.set(line.client, n + 1);
    return { ...line, seq: n, time: i * 10 } as KafkaEvent;
  });
  return { setup: { topics: { t1: 3, t2: 2 }, group: 'g', broker: 'bug zoo' }, events };
}

/** A defect: what it changes in the clean history and the check (and kind) that must flag it. */
export interface HistoryDefect {
  readonly name: string;
  readonly check: KafkaTraceCheck;
  readonly kind: string;
  /** What a client or assignor did wrong, in one sentence. */
  readonly describes: string;
  readonly history: KafkaHistory;
}

/** The clean history. */
export function cleanKafkaHistory(): KafkaHistory {
  return history(cleanLines());
}

/** The clean lines with `edit` applied to the line at `index` (undefined removes it). */
function edited(predicate: (line: Line, index: number) => boolean, edit: (line: Line) => Line | undefined): KafkaHistory {
  const lines = cleanLines();
  const index = lines.findIndex(predicate);
  if (index === -1) throw new Error('history zoo: no line to edit');
  const replacement = edit(lines[index]!);
  lines.splice(index, 1, ...(replacement === undefined ? [] : [replacement]));
  return history(lines);
}

const isAssignment = (client: string, partitions: Partitions) => (line: Line) =>
  line.event === 'assignment' && line.client === client && line.partitions === partitions;

/** One defect per check. */
export function kafkaHistoryDefects(): HistoryDefect[] {
  return [
    {
      name: 'members-in-reverse-order',
      check: 'assignor',
      kind: 'assignment-differs',
      describes: 'the assignor deals partitions to members in descending member-id order',
      history: history(cleanLines().map((line) => (line.event === 'assignment' && line.partitions === ofM0 ? { ...line, partitions: ofM1 } : line.event === 'assignment' && line.partitions === ofM1 ? { ...line, partitions: ofM0 } : line))),
    },
    {
      name: 'two-owners',
      check: 'exclusive',
      kind: 'double-owner',
      describes: 'a joining member is handed a partition another member keeps',
      history: edited(isAssignment('c1', ofM1), (line) => ({ ...line, partitions: [...ofM1, all[0]!] }) as Line),
    },
    {
      name: 'unsubscribed-topic',
      check: 'subscribed',
      kind: 'unsubscribed-topic',
      describes: "a member subscribing only t1 is given t2's partitions (an assignor that ignores member subscriptions)",
      history: edited((line) => line.event === 'subscribed' && line.client === 'c1', (line) => ({ ...line, topics: ['t1'] }) as Line),
    },
    {
      name: 'orphan-partition',
      check: 'complete',
      kind: 'orphan-partition',
      describes: 'the assignment leaves t2-1 to nobody',
      history: edited(isAssignment('c0', ofM0), (line) => ({ ...line, partitions: ofM0.slice(0, 2) }) as Line),
    },
    {
      name: 'redelivered-within-assignment',
      check: 'order',
      kind: 'nonmonotonic-poll',
      describes: 'a record is handed to the application again while the member kept its partition',
      history: edited((line) => line.event === 'delivered' && line.client === 'c0' && line.offset === 2, (line) => ({ ...line, offset: 1 }) as Line),
    },
    {
      name: 'skipped-record',
      check: 'order',
      kind: 'poll-skip',
      describes: 'the client steps over a record: offset 1 is never handed to the application',
      history: edited((line) => line.event === 'delivered' && line.client === 'c0' && line.offset === 1, () => undefined),
    },
    {
      name: 'commit-past-delivered',
      check: 'commit',
      kind: 'commit-ahead',
      describes: 'the client commits offsets it has not delivered (a crash would skip them)',
      history: edited((line) => line.event === 'committed' && line.client === 'c1', (line) => ({ ...line, offsets: [{ topic: 't2', partition: 0, offset: 5 }] }) as Line),
    },
    {
      name: 'never-delivered',
      check: 'lost',
      kind: 'lost',
      describes: 'a produced record of a subscribed topic is never delivered',
      history: edited((line) => line.event === 'delivered' && line.topic === 't1' && line.partition === 1, () => undefined),
    },
  ];
}
