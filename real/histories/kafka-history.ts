/**
 * A Kafka consumer group's history (docs/histories.md): the header, then the events real clients reported — through
 * their own public callbacks and return values — and the markers the workload runner wrote (`stable`, `quiescent`,
 * `artifact`, `crashed`). `mqspec trace FILE` reads it with `parseKafkaHistory` and judges it (kafka-trace-checks.ts);
 * a user's own instrumented application can write the same lines.
 */
import { z } from 'zod';
import { historyEventEnvelopeSchema, historyHeaderSchema } from './history-envelope.js';

const name = z.string().min(1);
const partitionNumber = z.number().int().nonnegative();
const offset = z.number().int().nonnegative();
const topicPartition = z.object({ topic: name, partition: partitionNumber }).strict();
const partitionOffset = z.object({ topic: name, partition: partitionNumber, offset }).strict();

/** The header's setup for Kafka: the topics and their partition counts, the group, the broker. */
export const kafkaHistorySetupSchema = z
  .object({
    topics: z.record(name, z.number().int().positive()),
    group: name.optional(),
    broker: z.string().optional(),
  })
  .strict();

/** Every event kind, with the fields it adds to the envelope. */
const events = {
  /** A client process is up: its library. */
  started: { library: z.string() },
  /** The consumer subscribed (or changed its subscription) to these topics, with this assignor and auto-commit. */
  subscribed: { topics: z.array(name), assignor: z.string().optional(), autoCommit: z.boolean().optional() },
  /** A rebalance callback ran: the member's whole assignment from now on, with its member id and generation when the client shows them. */
  assignment: { partitions: z.array(topicPartition), memberId: z.string().optional(), generation: z.number().int().optional() },
  /** A record was handed to the application. */
  delivered: { topic: name, partition: partitionNumber, offset },
  /** Offsets the client committed (the next offset to read, per partition) and whether the broker accepted them. */
  committed: { offsets: z.array(partitionOffset), generation: z.number().int().optional(), ok: z.boolean().optional(), error: z.string().optional() },
  /** A producer's record was acknowledged at this offset. */
  produced: { topic: name, partition: partitionNumber, offset },
  /** The application paused / resumed a whole topic or some of its partitions. */
  paused: { topic: name, partitions: z.array(partitionNumber).optional() },
  resumed: { topic: name, partitions: z.array(partitionNumber).optional() },
  /** The application moved its position on a partition. */
  seeked: { topic: name, partition: partitionNumber, offset },
  /** The client reported an error through its API. */
  error: { message: z.string() },
  /** The client left the group and closed. */
  closed: {},
  /** The runner killed the client's process (SIGKILL): no callback, no leave. */
  crashed: {},
  /** The runner saw the group settle: these clients are the live members, each with its latest assignment. */
  stable: { members: z.array(name) },
  /** The runner gave up waiting for the group to settle. */
  unstable: { reason: z.string() },
  /** Nothing is left to deliver: every produced record of a subscribed topic should have been delivered by now. */
  quiescent: {},
  /** Something the broker did, not the client (docs/real-clients.md): the workload's verdicts exclude what follows from it. */
  artifact: { kind: z.string(), message: z.string() },
} as const;

/** The event kinds. */
export type KafkaEventKind = keyof typeof events;

/** One schema per kind, each the envelope with the kind's fields. */
const eventSchemas = Object.entries(events).map(([kind, fields]) =>
  historyEventEnvelopeSchema.extend({ event: z.literal(kind), ...fields }).strict(),
);

/** One event line of a Kafka history. */
export const kafkaEventSchema = z.discriminatedUnion('event', eventSchemas as unknown as [z.ZodObject, ...z.ZodObject[]]);

/** The fields kind K adds, with zod's optionality. */
type Fields<K extends KafkaEventKind> = [keyof (typeof events)[K]] extends [never] ? unknown : Readonly<z.infer<z.ZodObject<(typeof events)[K]>>>;

/** An event of kind K: the envelope and its fields. */
export type KafkaEvent<K extends KafkaEventKind = KafkaEventKind> = K extends KafkaEventKind
  ? { readonly client: string; readonly seq: number; readonly time: number; readonly event: K } & Fields<K>
  : never;

/** A parsed history. */
export interface KafkaHistory {
  readonly setup: z.infer<typeof kafkaHistorySetupSchema>;
  /** In file order (which is arrival order for mqspec's runner). */
  readonly events: readonly KafkaEvent[];
  /** Each event's line number in the file it was read from. */
  readonly lines?: readonly number[];
}

/** A history file that cannot be read: one line saying where and why. */
export class MalformedHistory extends Error {}

/** The event kinds, for the docs and the JSON Schema. */
export const kafkaEventKinds = Object.keys(events) as KafkaEventKind[];

/** The zod schema of every line, for the JSON Schema (schemas/kafka.history.schema.json). */
export const kafkaHistoryLineSchemas = { header: historyHeaderSchema.extend({ setup: kafkaHistorySetupSchema }), event: kafkaEventSchema };

/** The first problem zod found, as `path: message`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  return issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`;
}

/** Parses a history's text; throws MalformedHistory naming the line and the problem. */
export function parseKafkaHistory(text: string, file = 'history'): KafkaHistory {
  const lines = text.split('\n');
  const parsed: KafkaEvent[] = [];
  const lineNumbers: number[] = [];
  let setup: KafkaHistory['setup'] | undefined;
  const lastSeq = new Map<string, number>();
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const where = `${file}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new MalformedHistory(`${where}: not JSON`);
    }
    if (setup === undefined) {
      const header = kafkaHistoryLineSchemas.header.safeParse(value);
      if (!header.success) throw new MalformedHistory(`${where}: not a Kafka history header (${firstIssue(header.error)})`);
      setup = header.data.setup;
      continue;
    }
    const event = kafkaEventSchema.safeParse(value);
    if (!event.success) throw new MalformedHistory(`${where}: not a history event (${firstIssue(event.error)})`);
    const line = event.data as unknown as KafkaEvent;
    const previous = lastSeq.get(line.client);
    if (previous !== undefined && line.seq <= previous) throw new MalformedHistory(`${where}: ${line.client}'s seq ${line.seq} does not follow ${previous}`);
    lastSeq.set(line.client, line.seq);
    parsed.push(line);
    lineNumbers.push(index + 1);
  }
  if (setup === undefined) throw new MalformedHistory(`${file}: empty (a history starts with its header line)`);
  return { setup, events: parsed, lines: lineNumbers };
}

/** A history as JSON lines, header first. */
export function formatKafkaHistory(history: KafkaHistory): string {
  const header = { history: 1, system: 'kafka.group', setup: history.setup };
  return [header, ...history.events].map((line) => JSON.stringify(line)).join('\n') + '\n';
}
