/** The JSON bounds of a `rocketmq.filter` exploration scope, as scope files give them (`RocketmqFilterBounds`). */
import { z } from 'zod';
import { depthSchema, someDistinct } from '../../explore/bounds-schema.js';

/** An expression or a tag (`null`: none), short. */
const text = z.string().max(64).nullable();

export const rocketmqFilterBoundsSchema = z.strictObject({
  /** Crossed with themselves and the tags in `deliver`: 16 × 16 × 16 calls at most. */
  expressions: someDistinct(text, 16, 'expressions'),
  tags: someDistinct(text, 16, 'tags'),
  maxDepth: depthSchema,
});
