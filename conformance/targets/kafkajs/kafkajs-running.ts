/**
 * What kafkajs@2.2.4's consumer (src/consumer/index.js) refuses on either side of `consumer.run`, which creates its
 * consumer group: `subscribe` only before (`if (consumerGroup) throw`, its first check), `pause`, `resume`, `seek`
 * and `commitOffsets` only after (`if (!consumerGroup) throw`, after their argument checks).
 */
import { fail, type Outcome } from '../../../model/outcome.js';

/** `consumer.subscribe` once the consumer runs. */
export const subscribeWhileRunning: Outcome = fail('KafkaJSNonRetriableError', 'Cannot subscribe to topic while consumer is running');

/** `consumer.pause` / `resume` / `seek` / `commitOffsets` before the consumer runs. */
export const notRunning: Outcome = fail('KafkaJSNonRetriableError', 'Consumer group was not initialized, consumer#run must be called first');
