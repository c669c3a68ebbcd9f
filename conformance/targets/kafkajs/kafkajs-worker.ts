/**
 * The worker thread that runs kafkajs@2.2.4's asynchronous parts for the kafkajs targets (see `../async-bridge.ts`):
 * the round-robin assigner's `async assign`, called exactly as `ConsumerGroup[SYNC]` calls it, and the consumer
 * offset handling of the `kafkajs-offsets` target (`kafkajs-offsets-session.ts`).
 */
import { serveBridge } from '../async-bridge-worker.js';
import { requireLibrary } from '../library-require.js';
import { kafkajsLibrary } from '../libraries.js';
import { serveOffsets, type OffsetsRequest } from './kafkajs-offsets-session.js';

/** A request to run the round-robin assigner. */
export interface RoundRobinRequest {
  readonly op: 'roundRobin';
  /** The members in the coordinator's order with their subscriptions (encoded as each member's protocol metadata). */
  readonly members: ReadonlyArray<{ readonly memberId: string; readonly topics: readonly string[] }>;
  /** The `topics` argument. */
  readonly topics: readonly string[];
  /** Topic → partition count, what the fake cluster's metadata holds. */
  readonly metadata: Readonly<Record<string, number>>;
}

/** The answer: member → topic → partitions, decoded from each member's `MemberAssignment` buffer. */
export type RoundRobinAnswer = Array<{ memberId: string; assignment: Record<string, number[]> }>;

/** The little of kafkajs this worker uses. */
interface Kafkajs {
  readonly PartitionAssigners: {
    roundRobin(config: { cluster: FakeCluster }): {
      assign(group: { members: Array<{ memberId: string; memberMetadata: Buffer }>; topics: string[] }): Promise<Array<{ memberId: string; memberAssignment: Buffer }>>;
    };
  };
  readonly AssignerProtocol: {
    readonly MemberMetadata: { encode(metadata: { version: number; topics: string[] }): Buffer };
    readonly MemberAssignment: { decode(buffer: Buffer): { assignment: Record<string, number[]> } | null };
  };
}

/** What the assigner asks the cluster: a topic's partitions (none for a topic metadata does not list, as kafkajs's Cluster). */
interface FakeCluster {
  findTopicPartitionMetadata(topic: string): Array<{ partitionId: number }>;
}

const kafkajs = requireLibrary<Kafkajs>(kafkajsLibrary);

/** Runs the assigner over a fake cluster holding `metadata`. */
async function roundRobin(request: RoundRobinRequest): Promise<RoundRobinAnswer> {
  const cluster: FakeCluster = {
    findTopicPartitionMetadata: (topic) =>
      Array.from({ length: Object.hasOwn(request.metadata, topic) ? (request.metadata[topic] ?? 0) : 0 }, (_, partitionId) => ({ partitionId })),
  };
  const members = request.members.map(({ memberId, topics }) => ({
    memberId,
    memberMetadata: kafkajs.AssignerProtocol.MemberMetadata.encode({ version: 0, topics: [...topics] }),
  }));
  const answer = await kafkajs.PartitionAssigners.roundRobin({ cluster }).assign({ members, topics: [...request.topics] });
  return answer.map(({ memberId, memberAssignment }) => ({
    memberId,
    assignment: kafkajs.AssignerProtocol.MemberAssignment.decode(memberAssignment)?.assignment ?? {},
  }));
}

serveBridge(async (request) => {
  const op = (request as { op?: unknown }).op;
  if (op === 'roundRobin') return roundRobin(request as RoundRobinRequest);
  if (typeof op === 'string' && op.startsWith('offsets.')) return serveOffsets(request as OffsetsRequest);
  throw new Error(`kafkajs worker: unknown op ${String(op)}`);
});
