/**
 * A workload as a file (a saved finding's `workload`, or one a user writes): validated with zod before anything
 * runs, so that a malformed file gets one line naming what is wrong and no client is started.
 */
import { z } from 'zod';
import type { KafkaWorkload } from './kafka-workload.js';
import { maxWaitMilliseconds } from './kafka-workload.js';

const name = z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'a Kafka name: letters, digits, dots, dashes, underscores');
const partition = z.number().int().min(0).max(1000);

const stepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('start'), client: name, library: z.string().min(1), assignor: z.string().min(1), topics: z.array(name).min(1), autoCommit: z.boolean().optional() }).strict(),
  z.object({ step: z.literal('produce'), topic: name, partition, count: z.number().int().min(1).max(10_000) }).strict(),
  z.object({ step: z.literal('close'), client: name }).strict(),
  z.object({ step: z.literal('crash'), client: name }).strict(),
  z.object({ step: z.literal('pause'), client: name, topic: name, partitions: z.array(partition).min(1).optional() }).strict(),
  z.object({ step: z.literal('resume'), client: name, topic: name, partitions: z.array(partition).min(1).optional() }).strict(),
  z.object({ step: z.literal('seek'), client: name, topic: name, partition, offset: z.number().int().min(0) }).strict(),
  z.object({ step: z.literal('commit'), client: name }).strict(),
  z.object({ step: z.literal('wait'), milliseconds: z.number().int().min(0).max(maxWaitMilliseconds) }).strict(),
  z.object({ step: z.literal('stable') }).strict(),
]);

/** A workload: topics with their partition counts, and the steps. */
export const kafkaWorkloadSchema = z
  .object({
    topics: z.record(name, z.number().int().min(1).max(1000)),
    steps: z.array(stepSchema).min(1).max(200),
  })
  .strict()
  .superRefine((workload, context) => {
    for (const [index, step] of workload.steps.entries()) {
      const topics = step.step === 'start' ? step.topics : 'topic' in step ? [step.topic] : [];
      for (const topic of topics) {
        if (workload.topics[topic] === undefined) context.addIssue({ code: 'custom', path: ['steps', index], message: `topic ${topic} is not among the workload's topics` });
      }
    }
  });

/** Parses a workload, or answers the one-line reason it is not one. */
export function parseKafkaWorkload(value: unknown): { ok: true; workload: KafkaWorkload } | { ok: false; reason: string } {
  const parsed = kafkaWorkloadSchema.safeParse(value);
  if (parsed.success) return { ok: true, workload: parsed.data as KafkaWorkload };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `${issue?.path.join('.') || 'workload'}: ${issue?.message ?? 'not a workload'}` };
}
