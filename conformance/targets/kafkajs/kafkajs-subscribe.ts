/**
 * What kafkajs@2.2.4's `consumer.subscribe` answers about topic names (src/consumer/index.js): it checks only that
 * each topic is a string or a RegExp, records it, then `await cluster.addMultipleTargetTopics(topics)`, which
 * refreshes metadata for the new topics; a broker answers a name Kafka does not allow with INVALID_TOPIC_EXCEPTION
 * (error code 17, `Topic.validate` in org.apache.kafka.common.internals: not empty, not `.` or `..`, at most 249
 * characters of `[a-zA-Z0-9._-]`), and kafkajs throws it (src/protocol/error.js, not retriable) after putting its
 * target topics back (src/cluster/index.js addMultipleTargetTopics). So subscribe rejects a blank topic although its
 * own check lets it through; the adapters answer as that refresh does instead of accepting it.
 */
import { maxTopicNameLength } from '../../../model/kafka/consumer/setup.js';
import { fail, type Outcome } from '../../../model/outcome.js';

/** Kafka's rule for a legal topic name (`Topic.validate`). */
function legalTopic(name: string): boolean {
  return name.length > 0 && name !== '.' && name !== '..' && name.length <= maxTopicNameLength && /^[a-zA-Z0-9._-]+$/.test(name);
}

/** The error kafkajs's subscribe rejects with when the metadata refresh meets an illegal topic name, if one is there. */
export function subscribeMetadataRefusal(topics: readonly string[]): Outcome | undefined {
  return topics.every(legalTopic) ? undefined : fail('KafkaJSProtocolError', 'The request attempted to perform an operation on an invalid topic');
}
