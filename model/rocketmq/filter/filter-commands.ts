/**
 * The `rocketmq.filter` command vocabulary: tag-expression parsing (`FilterAPI.buildSubscriptionData`), Java
 * `String.hashCode`, and one message through the broker's and the pulling client's tag filters (apache/rocketmq
 * rocketmq-all-4.9.8). The system is stateless: its setup is `{}`.
 */
import { z } from 'zod';
import type { CommandDoc } from '../../system.js';
import { EXPRESSION_MAX_LENGTH, NAME_MAX_LENGTH, TOPIC_MAX_LENGTH, boundedString } from '../limits.js';

/** No options: the filters are pure functions. */
export const rocketmqFilterSetupSchema = z.object({});
/** A validated `rocketmq.filter` setup (always `{}`). */
export type RocketmqFilterSetup = z.infer<typeof rocketmqFilterSetupSchema>;

// A tag expression as a consumer passes it to `subscribe(topic, expression)`; null is Java's null.
const expression = boundedString(EXPRESSION_MAX_LENGTH, 'an expression').nullable();

/** Validates a `rocketmq.filter` command; a missing `tags` is a message without a tag. */
export const rocketmqFilterCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('buildSubscriptionData'), topic: boundedString(TOPIC_MAX_LENGTH, 'a topic name'), expression }),
  z.object({ type: z.literal('hashCode'), value: boundedString(EXPRESSION_MAX_LENGTH, 'a value') }),
  z.object({
    type: z.literal('deliver'),
    /** The group-level expression the broker filters with (the one `ConsumerGroupInfo` holds for the topic). */
    subscription: expression,
    /** The pulling client's own expression, which `PullAPIWrapper` re-filters with. */
    own: expression,
    /** The message's tag; null for a message without one. */
    tags: boundedString(NAME_MAX_LENGTH, 'a tag').nullable().default(null),
  }),
]);
/** A validated `rocketmq.filter` command. */
export type RocketmqFilterCommand = z.infer<typeof rocketmqFilterCommandSchema>;

/** What `deliver` answers: the message's tagsCode, the broker's verdict and the client's. */
export interface DeliverVerdict {
  /** `tagsString2tagsCode`: Java `hashCode` of the tag, 0 without one. */
  readonly tagsCode: number;
  /** The broker's filter ships the message to the pulling client. */
  readonly broker: boolean;
  /** The client's own filter keeps the message once shipped; it is delivered iff `broker && client`. */
  readonly client: boolean;
}

/** One entry per command, in the order docs/catalog.md lists them. */
export const rocketmqFilterCommandDocs: readonly CommandDoc[] = [
  {
    type: 'buildSubscriptionData',
    summary:
      '`FilterAPI.buildSubscriptionData(topic, expression)`: answers `{topic, subString, tagsSet, codeSet}`; null, `""` and exactly `"*"` subscribe all, an expression that splits into no parts (`"||"`) fails with Exception "subString split error".',
    example: { type: 'buildSubscriptionData', topic: 'T', expression: 'TagA || TagB' },
  },
  {
    type: 'hashCode',
    summary: 'Java `String.hashCode()` of `value` (UTF-16 code units, wrapped to a signed 32-bit int): what tagsCode and codeSet hold.',
    example: { type: 'hashCode', value: 'TagA' },
  },
  {
    type: 'deliver',
    summary:
      'One message with tag `tags` (null: none) pulled by a client whose own expression is `own` while the broker holds `subscription` for the group: answers `{tagsCode, broker, client}` — the broker filter (`ExpressionMessageFilter`, by hash code) and the client filter (`PullAPIWrapper`, by tag string); an unparseable expression fails like buildSubscriptionData.',
    example: { type: 'deliver', subscription: 'Aa', own: 'Aa', tags: 'BB' },
  },
];
