/** The JSON bounds of a `rocketmq.allocate` exploration scope, as scope files give them (`RocketmqAllocateBounds`). */
import { z } from 'zod';
import { strategySpecSchema } from '../../../model/rocketmq/allocate/strategies.js';
import { messageQueueSchema } from '../../../model/rocketmq/message-queue.js';
import { clientNameSchema, depthSchema, someDistinct } from '../../explore/bounds-schema.js';

export const rocketmqAllocateBoundsSchema = z.strictObject({
  strategies: someDistinct(strategySpecSchema, 8, 'strategies'),
  /** Every non-empty subset of the clients is a cidAll view: six clients give 63 views. */
  clients: someDistinct(clientNameSchema, 6, 'clients'),
  layouts: someDistinct(z.array(messageQueueSchema).max(16, 'at most 16 queues in a layout'), 8, 'layouts'),
  maxDepth: depthSchema,
});
