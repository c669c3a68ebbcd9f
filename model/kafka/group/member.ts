/**
 * How a member reuses the `kafka.consumer` model without copying it: a member's client state composed with the
 * shared cluster is exactly a `KafkaConsumerState`; a client call runs `stepKafkaConsumer` on it, and the result is
 * split back into the (possibly changed) cluster and the member's new client state.
 */
import type { StepResult } from '../../system.js';
import type { KafkaConsumerCommand } from '../consumer/commands.js';
import { stepKafkaConsumer } from '../consumer/kafka-consumer.js';
import type { KafkaClientState, KafkaClusterState, KafkaConsumerState } from '../consumer/state.js';

/** One consumer's view: its client state over the shared cluster. */
export function consumerStateOf(cluster: KafkaClusterState, client: KafkaClientState): KafkaConsumerState {
  return { ...client, metadata: cluster.metadata, logs: cluster.logs, groupCommitted: cluster.groupCommitted };
}

/** A consumer state split into the cluster's part and the client's own. */
export function splitConsumerState(state: KafkaConsumerState): { readonly cluster: KafkaClusterState; readonly client: KafkaClientState } {
  const { metadata, logs, groupCommitted, ...client } = state;
  return { cluster: { metadata, logs, groupCommitted }, client };
}

/** A `kafka.consumer` command run by one client against the shared cluster. */
export interface ClientStep {
  readonly cluster: KafkaClusterState;
  readonly client: KafkaClientState;
  readonly outcome: StepResult<KafkaConsumerState>['outcome'];
}

/** Runs one `kafka.consumer` command for a client over the cluster. */
export function stepClient(cluster: KafkaClusterState, client: KafkaClientState, command: KafkaConsumerCommand): ClientStep {
  const composed = consumerStateOf(cluster, client);
  const result = stepKafkaConsumer(composed, command);
  // A call that changed nothing answers the very cluster and client it was given, so callers can tell.
  if (result.state === composed) return { cluster, client, outcome: result.outcome };
  return { ...splitConsumerState(result.state), outcome: result.outcome };
}
