/**
 * The state of a consumer group (`kafka.group`): the shared cluster (metadata, partition logs, the group's committed
 * offsets), the live members each with its own client state (`SubscriptionState`, apache/kafka 1.0.0), and the
 * coordinator's view (`GroupMetadata`, apache/kafka 1.0.0: generation id and the members of the current generation,
 * the first of which is the leader).
 */
import type { Assignment } from '../assignors/partition-assignor.js';
import type { AssignorName } from '../assignors/assignors.js';
import { initialState, type KafkaClientState, type KafkaClusterState } from '../consumer/state.js';
import type { KafkaGroupSetup } from './setup.js';
import { splitConsumerState } from './member.js';

/** One live consumer of the group. Its id is the `consumer` name of its commands (Java: the coordinator's member id). */
export interface GroupMember {
  readonly id: string;
  readonly client: KafkaClientState;
}

/** The whole state of a `kafka.group` run. */
export interface KafkaGroupState {
  /** The group's `partition.assignment.strategy`. */
  readonly assignor: AssignorName;
  /** Shared by every member: metadata, logs, the group's committed offsets. */
  readonly cluster: KafkaClusterState;
  /** The live consumers, in the order they joined (`join`). */
  readonly members: readonly GroupMember[];
  /** A new consumer's client state: the setup's profile and `auto.offset.reset`, nothing subscribed. */
  readonly freshClient: KafkaClientState;
  /** The coordinator's generation id: 0 before the first rebalance, one more with each. */
  readonly generation: number;
  /**
   * The members of the current generation, in the order they first took part; the first is the leader. A member
   * drops out when it leaves or unsubscribes (Java's LeaveGroup) and joins at the end when it takes part again.
   */
  readonly generationMembers: readonly string[];
  /** What the last completed rebalance assigned, by member id; null before the first rebalance. */
  readonly lastAssignment: Assignment | null;
}

/** The state before any command: no members, generation 0, the setup's cluster and committed offsets. */
export function initialGroupState(setup: KafkaGroupSetup): KafkaGroupState {
  const { cluster, client } = splitConsumerState(initialState(setup));
  return {
    assignor: setup.assignor,
    cluster,
    members: [],
    freshClient: client,
    generation: 0,
    generationMembers: [],
    lastAssignment: null,
  };
}

/** The group's leader: the first member of the current generation, if any. */
export function leaderOf(state: KafkaGroupState): string | null {
  return state.generationMembers[0] ?? null;
}
