/**
 * @platformatic/kafka@2.12.1's `roundRobinAssigner` and `cooperativeStickyAssigner`
 * (`dist/clients/consumer/partitions-assigners.js`) as its `Consumer` leader calls them (`#performSyncGroup` and
 * `#createAssignments` in `dist/clients/consumer/consumer.js`): it fetches metadata for the union of the members'
 * topics and fails the rebalance with a retriable `NetworkError` when one of them is missing; otherwise it calls
 * `assigner(leaderId, members, new Set(leader's own topics), {topics: Map<topic, {partitionsCount}>})` with the
 * members in the JoinGroup response's order, each `{memberId, topics, ownedPartitions, generationId}`. (With a single
 * member it skips the assigner and takes every partition of its topics, which is what both assigners give one member.)
 *
 * The plain call (`…-all-topics` targets) passes the union of the members' topics instead of the leader's own.
 *
 * The cooperative protocol takes two JoinGroup rounds when partitions move: a member whose partition was revoked in
 * the first round rejoins at once (`#completeClassicSyncGroup`), and the second round hands the partition over. One
 * `rebalance` step runs those rounds (at most three) and shows the last; the generation advances once, as the model's
 * one-step rebalance does.
 */
import type { Assignment } from '../../../model/kafka/assignors/partition-assignor.js';
import { tpKey, type TopicPartition } from '../../../model/kafka/topic-partition.js';
import type { LibraryTarget } from '../library-target.js';
import { lazyLibrary, librarySpec, libraryUnavailable } from '../library-require.js';
import { platformaticKafkaLibrary } from '../libraries.js';
import {
  assignorCommands,
  assignorFields,
  assignorInvariants,
  LibraryRefusal,
  leaderOf,
  openGroupWithAssignor,
  ownedBefore,
  type RebalanceInput,
} from '../group-with-library-assignor.js';

/** The library's package and version (exact, as in package.json). */
export const platformaticVersion = librarySpec(platformaticKafkaLibrary);

/** Partitions of one topic, as the library's protocol lists them. */
interface TopicPartitions {
  readonly topic: string;
  readonly partitions: readonly number[];
}

/** A member's decoded subscription, as the leader holds it (`#decodeProtocolSubscriptionMetadata`). */
interface PlatformaticMember {
  readonly memberId: string;
  readonly topics: readonly string[];
  readonly ownedPartitions: readonly TopicPartitions[];
  readonly generationId: number;
}

/** One member's part of an assigner's answer. */
interface PlatformaticMemberAssignment {
  readonly memberId: string;
  readonly assignments: ReadonlyMap<string, TopicPartitions>;
}

/** The assigners' signature, declared for the part this target passes. */
type PlatformaticAssigner = (
  current: string,
  members: ReadonlyMap<string, PlatformaticMember>,
  topics: ReadonlySet<string>,
  metadata: { readonly topics: ReadonlyMap<string, { readonly partitionsCount: number }> },
) => readonly PlatformaticMemberAssignment[];

/** The little of the library's exports these targets use. */
interface Platformatic {
  readonly roundRobinAssigner: PlatformaticAssigner;
  readonly cooperativeStickyAssigner: PlatformaticAssigner;
  readonly NetworkError: new (message: string, options: { canRetry: boolean; hasStaleMetadata: boolean }) => Error;
}

/** The library, loaded when a target first rebalances (an ES module, loaded through `require` on Node >= 20.19). */
const platformatic = lazyLibrary<Platformatic>(platformaticKafkaLibrary);

/** Which topics the leader passes: its own subscription (the library's call) or every member's (the plain call). */
type TopicsArgument = 'leader' | 'all';

/** A partition list grouped by topic, as the protocol carries owned partitions. */
function byTopic(partitions: readonly TopicPartition[]): TopicPartitions[] {
  const groups = new Map<string, number[]>();
  for (const p of partitions) groups.set(p.topic, [...(groups.get(p.topic) ?? []), p.partition]);
  return [...groups].map(([topic, ids]) => ({ topic, partitions: ids }));
}

/** The answer flattened member by member, topic by topic in the library's order. */
function decode(answer: readonly PlatformaticMemberAssignment[]): Record<string, TopicPartition[]> {
  return Object.fromEntries(
    answer.map(({ memberId, assignments }) => [memberId, [...assignments.values()].flatMap(({ topic, partitions }) => partitions.map((partition) => ({ topic, partition })))]),
  );
}

/** The members map the leader builds, with what each owns (filtered to its topics) and its generation. */
function membersMap(input: RebalanceInput, owned: ReadonlyMap<string, readonly TopicPartition[]>, generationOf: (id: string) => number): Map<string, PlatformaticMember> {
  return new Map(
    Object.entries(input.subscriptions).map(([memberId, topics]) => [
      memberId,
      { memberId, topics: [...topics], ownedPartitions: byTopic((owned.get(memberId) ?? []).filter((p) => topics.includes(p.topic))), generationId: generationOf(memberId) },
    ]),
  );
}

/** The metadata the leader fetched for the members' topics; a missing topic fails the rebalance as the library does. */
function fetchMetadata(input: RebalanceInput): { topics: Map<string, { partitionsCount: number }> } {
  const subscribed = [...new Set(Object.values(input.subscriptions).flat())];
  const missing = subscribed.find((topic) => !Object.hasOwn(input.metadata, topic) || (input.metadata[topic] ?? 0) <= 0);
  if (missing !== undefined) {
    const error = new (platformatic().NetworkError)(`Cannot compute group assignments: metadata for subscribed topic "${missing}" is not available in the current cluster metadata.`, { canRetry: true, hasStaleMetadata: true });
    throw new LibraryRefusal('NetworkError', error.message);
  }
  return { topics: new Map(subscribed.map((topic) => [topic, { partitionsCount: input.metadata[topic] ?? 0 }])) };
}

/** The topics argument. */
function topicsArgument(input: RebalanceInput, which: TopicsArgument): Set<string> {
  const leader = leaderOf(input.subscriptions) ?? '';
  return new Set(which === 'leader' ? (input.subscriptions[leader] ?? []) : Object.values(input.subscriptions).flat());
}

/** One eager round: the round-robin assigner called as the leader calls it. */
export function platformaticRoundRobin(input: RebalanceInput, which: TopicsArgument): Assignment {
  const metadata = fetchMetadata(input);
  const members = membersMap(input, new Map(), () => input.before.generation);
  return decode(platformatic().roundRobinAssigner(leaderOf(input.subscriptions) ?? '', members, topicsArgument(input, which), metadata));
}

/** Whether a round revoked something: a member owned a partition it was not given again. */
function revokes(owned: ReadonlyMap<string, readonly TopicPartition[]>, assignment: Assignment, members: readonly string[]): boolean {
  return members.some((id) => {
    const kept = new Set((assignment[id] ?? []).map(tpKey));
    return (owned.get(id) ?? []).some((p) => !kept.has(tpKey(p)));
  });
}

/** The cooperative rebalance: rounds of the cooperative-sticky assigner until no partition is revoked (at most three). */
export function platformaticCooperativeSticky(input: RebalanceInput, which: TopicsArgument): Assignment {
  const metadata = fetchMetadata(input);
  const ids = Object.keys(input.subscriptions);
  const current = new Set(input.before.generationMembers);
  let owned = ownedBefore(input.before);
  let generationOf = (id: string): number => (current.has(id) ? input.before.generation : -1);
  let assignment: Assignment = {};
  for (let round = 0; round < 3; round++) {
    assignment = decode(platformatic().cooperativeStickyAssigner(leaderOf(input.subscriptions) ?? '', membersMap(input, owned, generationOf), topicsArgument(input, which), metadata));
    if (!revokes(owned, assignment, ids)) break;
    const next = assignment;
    owned = new Map(ids.map((id) => [id, next[id] ?? []]));
    const generation = input.before.generation + round + 1;
    generationOf = () => generation;
  }
  return assignment;
}

/** A target for one assigner and one topics argument. */
function platformaticTarget(name: string, assigner: string, which: TopicsArgument, cooperative: boolean): LibraryTarget {
  const call = which === 'leader' ? "with the leader's own topics, as the library calls it" : "with every member's topics (the plain call)";
  return {
    name,
    version: platformaticVersion,
    library: platformaticVersion,
    describes: `@platformatic/kafka's ${assigner} run by the group leader at each rebalance ${call}, around the reference group model.`,
    systems: [
      cooperative
        ? { system: 'kafka.group', commands: assignorCommands, fields: assignorFields, mode: 'invariants', setup: { assignor: 'roundrobin' }, properties: assignorInvariants }
        : { system: 'kafka.group', commands: assignorCommands, fields: assignorFields, mode: 'differential', setup: { assignor: 'roundrobin' } },
    ],
    unavailable: () => libraryUnavailable(platformaticKafkaLibrary),
    open: (system, setup) => openGroupWithAssignor(system, setup, (input) => (cooperative ? platformaticCooperativeSticky(input, which) : platformaticRoundRobin(input, which))),
  };
}

/** `roundRobinAssigner` as the library calls it. */
export const platformaticRoundRobinTarget = platformaticTarget('platformatic-kafka-round-robin', 'roundRobinAssigner', 'leader', false);
/** `roundRobinAssigner` with every member's topics. */
export const platformaticRoundRobinAllTopicsTarget = platformaticTarget('platformatic-kafka-round-robin-all-topics', 'roundRobinAssigner', 'all', false);
/** `cooperativeStickyAssigner` as the library calls it (invariants only: Java defines no exact sticky result). */
export const platformaticCooperativeStickyTarget = platformaticTarget('platformatic-kafka-cooperative-sticky', 'cooperativeStickyAssigner', 'leader', true);
/** `cooperativeStickyAssigner` with every member's topics. */
export const platformaticCooperativeStickyAllTopicsTarget = platformaticTarget('platformatic-kafka-cooperative-sticky-all-topics', 'cooperativeStickyAssigner', 'all', true);
