/**
 * How a member reuses the `kafka.consumer` model without copying it: a member's client state composed with the
 * shared cluster is exactly a `KafkaConsumerState`; a client call runs `stepKafkaConsumer` on it, and the result is
 * split back into the (possibly changed) cluster and the member's new client state.
 */
import type { StepResult } from '../../system.js';
import type { KafkaConsumerCommand } from '../consumer/commands.js';
import { stepKafkaConsumer } from '../consumer/kafka-consumer.js';
import type { KafkaClientState, KafkaClusterState, KafkaConsumerState } from '../consumer/state.js';

/**
 * One consumer's view: its client state over the shared cluster. Every field is named, not spread: a spread of an
 * object built by rest destructuring copies it key by key through a slow path, and this runs on every client call of
 * every member (it was a sixth of kafka.group's exploration time). Every field of the state is required, so one
 * added to it and left out here fails to compile.
 */
export function consumerStateOf(cluster: KafkaClusterState, client: KafkaClientState): KafkaConsumerState {
  return {
    profile: client.profile,
    defaultResetStrategy: client.defaultResetStrategy,
    metadata: cluster.metadata,
    logs: cluster.logs,
    groupCommitted: cluster.groupCommitted,
    mode: client.mode,
    subscription: client.subscription,
    pattern: client.pattern,
    groupSubscription: client.groupSubscription,
    assignment: client.assignment,
    needsFetchCommittedOffsets: client.needsFetchCommittedOffsets,
    needsPartitionAssignment: client.needsPartitionAssignment,
    rejoinNeeded: client.rejoinNeeded,
    joinedSubscription: client.joinedSubscription,
    metadataUpdateRequested: client.metadataUpdateRequested,
    completedFetches: client.completedFetches,
  };
}

/** A consumer state split into the cluster's part and the client's own (each field named, as above). */
export function splitConsumerState(state: KafkaConsumerState): { readonly cluster: KafkaClusterState; readonly client: KafkaClientState } {
  const cluster: KafkaClusterState = { metadata: state.metadata, logs: state.logs, groupCommitted: state.groupCommitted };
  const client: KafkaClientState = {
    profile: state.profile,
    defaultResetStrategy: state.defaultResetStrategy,
    mode: state.mode,
    subscription: state.subscription,
    pattern: state.pattern,
    groupSubscription: state.groupSubscription,
    assignment: state.assignment,
    needsFetchCommittedOffsets: state.needsFetchCommittedOffsets,
    needsPartitionAssignment: state.needsPartitionAssignment,
    rejoinNeeded: state.rejoinNeeded,
    joinedSubscription: state.joinedSubscription,
    metadataUpdateRequested: state.metadataUpdateRequested,
    completedFetches: state.completedFetches,
  };
  return { cluster, client };
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
