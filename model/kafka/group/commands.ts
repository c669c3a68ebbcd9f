/**
 * The `kafka.group` command vocabulary: every client call of `kafka.consumer` with a `consumer` field naming the
 * member that makes it, the environment's facts (`produce`, `deleteRecords`, `metadataUpdate`) without one, and the
 * group's own events: `join` (a `KafkaConsumer` with the group's `group.id` is created), `leave` (`close()`), and the
 * coordinator's `rebalance {}`.
 *
 * The client schemas and docs are derived from `kafka.consumer`'s, so the two vocabularies cannot drift apart. The
 * member-level `rebalance {partitions}` of `kafka.consumer` (a coordinator's result handed to one consumer) is not
 * offered: in a group the coordinator computes every member's part, so `rebalance` takes no fields here.
 */
import { z } from 'zod';
import type { CommandDoc } from '../../system.js';
import {
  kafkaConsumerCommandDocs,
  kafkaConsumerCommandSchema,
  type KafkaConsumerCommand,
  type KafkaConsumerCommandType,
} from '../consumer/commands.js';
import { maxTopicNameLength } from '../consumer/setup.js';

/** Environment facts: they change the shared cluster, not one member. */
export type KafkaGroupEnvironmentType = 'produce' | 'deleteRecords' | 'metadataUpdate';

/** The client calls a member makes. */
export type KafkaGroupClientType = Exclude<KafkaConsumerCommandType, KafkaGroupEnvironmentType | 'rebalance'>;

/** A member's client call: the `kafka.consumer` command plus the member (`consumer`) that makes it. */
export type KafkaGroupClientCommand = Extract<KafkaConsumerCommand, { type: KafkaGroupClientType }> & { readonly consumer: string };

/** An environment fact, exactly as in `kafka.consumer`. */
export type KafkaGroupEnvironmentCommand = Extract<KafkaConsumerCommand, { type: KafkaGroupEnvironmentType }>;

/** The group's own events. */
export type KafkaGroupMembershipCommand =
  | { readonly type: 'join'; readonly consumer: string }
  | { readonly type: 'leave'; readonly consumer: string }
  | { readonly type: 'rebalance' };

/** Any `kafka.group` command. */
export type KafkaGroupCommand = KafkaGroupClientCommand | KafkaGroupEnvironmentCommand | KafkaGroupMembershipCommand;
/** The command types, for generators and docs. */
export type KafkaGroupCommandType = KafkaGroupCommand['type'];

const environmentTypes: ReadonlySet<string> = new Set<KafkaGroupEnvironmentType>(['produce', 'deleteRecords', 'metadataUpdate']);

/** True for the environment's facts. */
export function isEnvironmentCommand(command: KafkaGroupCommand): command is KafkaGroupEnvironmentCommand {
  return environmentTypes.has(command.type);
}

/** True for a member's client call. */
export function isClientCommand(command: KafkaGroupCommand): command is KafkaGroupClientCommand {
  return command.type !== 'join' && command.type !== 'leave' && command.type !== 'rebalance' && !isEnvironmentCommand(command);
}

/** The longest consumer name (member id) a scenario may use; as long as a topic name may be. */
export const maxConsumerNameLength = maxTopicNameLength;

const consumerName = z
  .string()
  .min(1, 'a consumer name must not be empty')
  .max(maxConsumerNameLength, `a consumer name must be at most ${maxConsumerNameLength} characters (mqspec's limit)`);

/** The consumer's schema for each client type, widened by the `consumer` field; the environment's as they are. */
const derivedSchemas = kafkaConsumerCommandSchema.options.flatMap((option) => {
  const type = option.shape.type.value;
  if (type === 'rebalance') return [];
  return [environmentTypes.has(type) ? option : option.extend({ consumer: consumerName })];
});

const rebalanceSchema = z.strictObject(
  { type: z.literal('rebalance') },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'kafka.group rebalance takes no fields (the coordinator computes every member\'s partitions): use {"type":"rebalance"}'
        : undefined,
  },
);

type Discriminable = (typeof kafkaConsumerCommandSchema.options)[number] | typeof rebalanceSchema | z.ZodObject;

/** Validates `kafka.group` commands. */
export const kafkaGroupCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), consumer: consumerName }),
  z.object({ type: z.literal('leave'), consumer: consumerName }),
  rebalanceSchema,
  ...derivedSchemas,
] as [Discriminable, ...Discriminable[]]) as unknown as z.ZodType<KafkaGroupCommand>;

/** The consumer's doc for a client call, with `consumer` in its example. */
function memberDoc(doc: CommandDoc): CommandDoc {
  return { ...doc, summary: `Member \`consumer\` calls ${doc.summary}`, example: { ...doc.example, consumer: 'c0' } };
}

/** One entry per command, in the order docs/catalog.md lists them. */
export const kafkaGroupCommandDocs: readonly CommandDoc[] = [
  { type: 'join', summary: 'A new `KafkaConsumer` with the group\'s `group.id` (member id = `consumer`); it takes part in rebalances once it subscribes.', example: { type: 'join', consumer: 'c0' } },
  { type: 'leave', summary: '`close()`: the member leaves the group (LeaveGroup) and is gone; its partitions are unowned until the next rebalance.', example: { type: 'leave', consumer: 'c0' } },
  { type: 'rebalance', summary: 'The coordinator\'s rebalance: a new generation; the leader runs the assignor over the subscriptions of the members in an automatic mode; each applies its part (`assignFromSubscribed`); answers `{generation, leader, assignment}`.', example: { type: 'rebalance' } },
  ...kafkaConsumerCommandDocs.filter((doc) => doc.type !== 'rebalance').map((doc) => (environmentTypes.has(doc.type) ? { ...doc, environment: true } : memberDoc(doc))),
];
