/**
 * A history: what real clients did in one workload, as JSON lines — the record mqspec's checkers judge with the model
 * (docs/histories.md). The first line is a header naming the system and the workload's facts (topics, the broker);
 * every other line is one event one client reported: its name, its own sequence number, a time on one monotonic
 * clock shared by the whole history, the event's kind and its fields. The events of each system are declared next to
 * its checkers (`kafka-history.ts`, `rocketmq-history.ts`); this file is the part they share, so that a history from
 * mqspec's drivers and one recorded by a user's own instrumented application read the same way.
 */
import { z } from 'zod';

/** The history format's version, in every header. */
export const historyFormatVersion = 1;

/** The first line of a history. */
export const historyHeaderSchema = z
  .object({
    history: z.literal(historyFormatVersion),
    /** The system whose model judges it: `kafka.group` or `rocketmq.group`. */
    system: z.enum(['kafka.group', 'rocketmq.group']),
    /** What the workload set up (topics and their partitions or queues, the group…), as the system's events need. */
    setup: z.record(z.string(), z.unknown()),
  })
  .strict();

/** The first line of a history. */
export type HistoryHeader = z.infer<typeof historyHeaderSchema>;

/** The fields every event line has; a system's events add their own. */
export const historyEventEnvelopeSchema = z.object({
  /** The client that reported it (a driver's name in the workload, e.g. `c0`). */
  client: z.string().min(1),
  /** The client's own sequence number: 0, 1, 2… in the order the client reported its events. */
  seq: z.number().int().nonnegative(),
  /** Milliseconds on one monotonic clock shared by the whole history (mqspec's: since the workload started). */
  time: z.number().nonnegative(),
  /** What happened. */
  event: z.string().min(1),
});

/** The fields every event line has. */
export type HistoryEventEnvelope = z.infer<typeof historyEventEnvelopeSchema>;
