/**
 * What implementations of `kafka.group` are compared on: the coordinator's generation and leader, each live member's
 * `kafka.consumer` observation (without the cluster, which is shown once), the shared cluster, and the assignment of
 * the last rebalance.
 */
import type { AssignorName } from '../assignors/assignors.js';
import type { TopicPartition } from '../topic-partition.js';
import { observeKafkaConsumer, type KafkaConsumerObservation } from '../consumer/observation.js';
import type { KafkaClientState, KafkaClusterState, PartitionLog } from '../consumer/state.js';
import { recordOf } from '../names.js';
import { consumerStateOf } from './member.js';
import { leaderOf, type KafkaGroupState } from './state.js';

/** One member as observed: its consumer observation without the shared cluster, plus its generation. */
export interface GroupMemberObservation extends Omit<KafkaConsumerObservation, 'logs' | 'groupCommitted'> {
  /** The generation the member belongs to, or null when it is not a member of the current generation. */
  readonly generation: number | null;
}

/** The observation of a `kafka.group` state (plain JSON). */
export interface KafkaGroupObservation {
  readonly assignor: AssignorName;
  readonly generation: number;
  /** The member that ran the assignor of the current generation (its first member), or null. */
  readonly leader: string | null;
  /** The current generation's members in the order they first took part (the coordinator's order). */
  readonly generationMembers: readonly string[];
  /** Live members by id, in the order they joined (as JavaScript orders keys: integer-like ids would come first). */
  readonly members: Readonly<Record<string, GroupMemberObservation>>;
  /** Cluster metadata: topic → partition count. */
  readonly metadata: Readonly<Record<string, number>>;
  /** Partition logs by `topic-partition`. */
  readonly logs: Readonly<Record<string, PartitionLog>>;
  /** The group's committed offsets by `topic-partition`. */
  readonly groupCommitted: Readonly<Record<string, number>>;
  /** The last rebalance's assignment, member → partitions (members sorted as the assignor lists them); null before. */
  readonly lastAssignment: Readonly<Record<string, readonly TopicPartition[]>> | null;
}

/** A member's observation with what it was computed from (states are immutable, so identity means equality). */
interface ObservedMember {
  readonly cluster: KafkaClusterState;
  readonly generation: number | null;
  readonly observation: GroupMemberObservation;
}

/**
 * Member observations by client state. States are never mutated, so a member whose client state, cluster and
 * generation are the very same objects as at an earlier step observes the same: its observation is reused — the same
 * object, which also lets a step's observation diff skip it. Every step observes every member, so without this a run
 * costs members × steps full observations. A WeakMap: it answers only what the computation would, and forgets states
 * nobody holds.
 */
const observedMembers = new WeakMap<KafkaClientState, ObservedMember>();

/** The same cluster parts (by identity: every change makes new objects). */
function sameCluster(a: KafkaClusterState, b: KafkaClusterState): boolean {
  return a.metadata === b.metadata && a.logs === b.logs && a.groupCommitted === b.groupCommitted;
}

/** One member's observation over the cluster, reused when nothing it depends on changed. */
function observeMember(cluster: KafkaClusterState, client: KafkaClientState, generation: number | null): GroupMemberObservation {
  const known = observedMembers.get(client);
  if (known !== undefined && known.generation === generation && sameCluster(known.cluster, cluster)) return known.observation;
  // The cluster is observed once, at the top level, not in every member.
  const { logs: _logs, groupCommitted: _committed, ...own } = observeKafkaConsumer(consumerStateOf(cluster, client));
  const observation = { ...own, generation };
  observedMembers.set(client, { cluster, generation, observation });
  return observation;
}

/** The observation of a state. */
export function observeKafkaGroup(state: KafkaGroupState): KafkaGroupObservation {
  const inGeneration = new Set(state.generationMembers);
  // recordOf, not members[id] = …: a member called `__proto__` must be an own key, not the object's prototype.
  const members = recordOf(
    state.members.map((member): [string, GroupMemberObservation] => [
      member.id,
      observeMember(state.cluster, member.client, inGeneration.has(member.id) ? state.generation : null),
    ]),
  );
  return {
    assignor: state.assignor,
    generation: state.generation,
    leader: leaderOf(state),
    generationMembers: state.generationMembers,
    members,
    metadata: state.cluster.metadata,
    logs: state.cluster.logs,
    groupCommitted: state.cluster.groupCommitted,
    lastAssignment: state.lastAssignment,
  };
}
