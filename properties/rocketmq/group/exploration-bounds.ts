/** The JSON bounds of a `rocketmq.group` exploration scope, as scope files give them (`RocketmqGroupBounds`). */
import { z } from 'zod';
import { strategySpecSchema } from '../../../model/rocketmq/allocate/strategies.js';
import { consumeFromWhereSchema, messageModelSchema, topicNameSchema } from '../../../model/rocketmq/group/setup.js';
import { nameRecord } from '../../../model/name-record.js';
import { boundedInt, clientNameSchema, depthSchema, distinct, someDistinct } from '../../explore/bounds-schema.js';

/** A tag expression or tag: short, any characters. */
const text = z.string().max(64);

export const rocketmqGroupBoundsSchema = z.strictObject({
  clients: someDistinct(clientNameSchema, 4, 'clients'),
  brokers: someDistinct(clientNameSchema.regex(/^[^/]+$/, 'a broker name must not contain "/"'), 3, 'brokers'),
  /** topic → queues per broker; the model allocates sorted queue lists, at most eight per topic and broker here. */
  topics: nameRecord(topicNameSchema, boundedInt(1, 8), 4),
  variants: someDistinct(z.strictObject({ strategy: strategySpecSchema, messageModel: messageModelSchema, consumeFromWhere: consumeFromWhereSchema }), 8, 'variants'),
  startWith: someDistinct(nameRecord(topicNameSchema, text, 4), 8, 'start subscriptions'),
  expressions: distinct(text, 8, 'expressions'),
  tags: someDistinct(text.nullable(), 8, 'tags'),
  maxMessages: boundedInt(0, 8),
  unsubscribe: z.boolean(),
  shutdown: z.boolean(),
  commitLogGrows: z.boolean().optional(),
  maxDepth: depthSchema,
});
