/**
 * The checks `mqspec trace` runs on a Kafka consumer group's history (real/histories/kafka-history.ts). They judge
 * what the clients reported, the way a user would meet it, against the model: the model's assignor for a settled
 * group, and the rules every consumer group must keep whatever its assignor.
 *
 * - `assignor`: at each `stable` marker, when every member runs an assignor the model has (range, roundrobin), each
 *   member's assignment equals the model's for those member ids and subscriptions (model/kafka/assignors); for a
 *   client that does not show member ids, the model's for some order of the members.
 * - `exclusive`: at a `stable` marker, no partition is owned by two members.
 * - `subscribed`: no assignment gives a member a partition of a topic it does not subscribe.
 * - `complete`: at a `stable` marker, every partition of every topic some member subscribes has an owner.
 * - `order`: per member and partition, between two assignments, deliveries go up one offset at a time
 *   (`nonmonotonic-poll`: an offset at or below the previous one; `poll-skip`: one above the next expected), and the
 *   first delivery after an assignment does not start past both the group's last commit and the highest offset the
 *   group was delivered (`poll-skip`); a seek resets it.
 * - `commit`: a committed offset is at most one past the highest offset of that partition delivered to anyone, or a
 *   re-commit of one committed before (`commit-ahead`: a crash would skip the records in between).
 * - `lost`: at `quiescent`, every produced record of a topic some live member subscribes was delivered at least once,
 *   unless a live member holds its partition (or its topic) paused.
 *   Duplicates are counted and shown, not flagged: no configuration mqspec runs promises exactly-once delivery.
 *
 * After an `artifact` marker (the broker did something real Kafka does not, docs/real-clients.md), violations are
 * still listed but marked excluded: a behaviour caused by the broker is never reported as the client's.
 */
import { assignors, type AssignorName } from '../../model/kafka/assignors/assignors.js';
import { tpKey, type TopicPartition } from '../../model/kafka/topic-partition.js';
import type { KafkaEvent, KafkaHistory } from '../histories/kafka-history.js';

/** The check ids, in the order they are reported. */
export const kafkaTraceChecks = ['assignor', 'exclusive', 'subscribed', 'complete', 'order', 'commit', 'lost'] as const;

/** A check's id. */
export type KafkaTraceCheck = (typeof kafkaTraceChecks)[number];

/** One thing a check found. */
export interface TraceViolation {
  readonly check: KafkaTraceCheck;
  /** What kind of violation (Jepsen's names where it has one). */
  readonly kind: string;
  /** The event's index in the history's events (0 = the line after the header). */
  readonly at: number;
  readonly client?: string;
  readonly message: string;
  /** The broker artifact it follows, when it follows one: then it is not the client's. */
  readonly excludedBy?: string;
}

/** What the checks found in one history. */
export interface TraceVerdict {
  readonly violations: readonly TraceViolation[];
  /** Records delivered more than once (at-least-once delivery allows them). */
  readonly duplicates: number;
  /** Settled-group markers judged. */
  readonly stableMarkers: number;
  /** The errors clients reported, one line each. */
  readonly errors: readonly string[];
}

/** What the checker knows about one client at a point of the history. */
interface ClientState {
  topics: ReadonlySet<string>;
  assignor?: string;
  memberId?: string;
  /** Its latest assignment (tp keys), or undefined before the first. */
  owned?: ReadonlyMap<string, TopicPartition>;
  /** Per owned partition: the offset expected next, once known. */
  next: Map<string, number>;
  live: boolean;
  /** What the application paused and has not resumed: whole topics (`t1`) and partitions (`t1-0`). */
  paused: Set<string>;
}

/** A topic-partition-offset key. */
function recordKey(topic: string, partition: number, offset: number): string {
  return `${topic}-${partition}@${offset}`;
}

/** Runs every check over a history. */
export function checkKafkaHistory(history: KafkaHistory): TraceVerdict {
  const violations: TraceViolation[] = [];
  const clients = new Map<string, ClientState>();
  const lastCommit = new Map<string, number>();
  const everCommitted = new Map<string, Set<number>>();
  const maxDelivered = new Map<string, number>();
  const produced = new Map<string, { topic: string; partition: number; at: number }>();
  const deliveries = new Map<string, number>();
  const errors: string[] = [];
  let artifact: string | undefined;
  let stableMarkers = 0;
  const partitionCount = history.setup.topics;

  const flag = (v: Omit<TraceViolation, 'excludedBy'>): void => {
    violations.push(artifact === undefined ? v : { ...v, excludedBy: artifact });
  };
  const stateOf = (client: string): ClientState => {
    let state = clients.get(client);
    if (state === undefined) {
      state = { topics: new Set(), next: new Map(), live: true, paused: new Set() };
      clients.set(client, state);
    }
    return state;
  };

  history.events.forEach((event, at) => {
    switch (event.event) {
      case 'started':
        stateOf(event.client).live = true;
        break;
      case 'subscribed': {
        const state = stateOf(event.client);
        state.topics = new Set(event.topics);
        if (event.assignor !== undefined) state.assignor = event.assignor;
        break;
      }
      case 'assignment': {
        const state = stateOf(event.client);
        if (event.memberId !== undefined) state.memberId = event.memberId;
        state.owned = new Map(event.partitions.map((p) => [tpKey(p), p]));
        state.next = new Map();
        for (const p of event.partitions) {
          if (!state.topics.has(p.topic)) flag({ check: 'subscribed', kind: 'unsubscribed-topic', at, client: event.client, message: `${event.client} was assigned ${tpKey(p)} but subscribes ${[...state.topics].join(', ') || 'nothing'}` });
        }
        break;
      }
      case 'delivered': {
        const state = stateOf(event.client);
        const key = tpKey(event);
        checkOrder(event, at, state, Math.max(lastCommit.get(key) ?? 0, (maxDelivered.get(key) ?? -1) + 1), flag);
        state.next.set(key, event.offset + 1);
        maxDelivered.set(key, Math.max(maxDelivered.get(key) ?? -1, event.offset));
        const record = recordKey(event.topic, event.partition, event.offset);
        deliveries.set(record, (deliveries.get(record) ?? 0) + 1);
        break;
      }
      case 'seeked':
        stateOf(event.client).next.set(tpKey(event), event.offset);
        break;
      case 'committed': {
        if (event.ok === false) break;
        for (const o of event.offsets) {
          const key = tpKey(o);
          const seen = everCommitted.get(key) ?? new Set<number>();
          const limit = (maxDelivered.get(key) ?? -1) + 1;
          if (o.offset > limit && !seen.has(o.offset)) {
            flag({ check: 'commit', kind: 'commit-ahead', at, client: event.client, message: `${event.client} committed ${key} at ${o.offset}, past the next undelivered offset ${limit}: a crash now skips ${limit}..${o.offset - 1}` });
          }
          seen.add(o.offset);
          everCommitted.set(key, seen);
          lastCommit.set(key, o.offset);
        }
        break;
      }
      case 'produced':
        produced.set(recordKey(event.topic, event.partition, event.offset), { topic: event.topic, partition: event.partition, at });
        break;
      case 'error':
        errors.push(`${event.client}: ${event.message}`);
        break;
      case 'closed':
      case 'crashed': {
        const state = stateOf(event.client);
        state.live = false;
        state.owned = undefined;
        break;
      }
      case 'stable':
        stableMarkers++;
        checkSettledGroup(event.members, at, clients, partitionCount, flag);
        break;
      case 'quiescent': {
        const live = [...clients.values()].filter((c) => c.live);
        const subscribed = new Set(live.flatMap((c) => [...c.topics]));
        // A record on a partition a running consumer holds paused is not lost: the application asked not to read it.
        const held = (topic: string, partition: number): boolean => live.some((c) => c.paused.has(topic) || c.paused.has(tpKey({ topic, partition })));
        for (const [record, { topic, partition }] of produced) {
          if (subscribed.has(topic) && !deliveries.has(record) && !held(topic, partition)) flag({ check: 'lost', kind: 'lost', at, message: `${record} was produced and never delivered, though ${topic} is subscribed` });
        }
        break;
      }
      case 'artifact':
        artifact ??= `${event.kind}: ${event.message}`;
        break;
      case 'paused':
      case 'resumed': {
        const paused = stateOf(event.client).paused;
        const keys = event.partitions === undefined ? [event.topic] : event.partitions.map((partition) => tpKey({ topic: event.topic, partition }));
        for (const key of keys) {
          if (event.event === 'paused') paused.add(key);
          else paused.delete(key);
        }
        // Resuming a whole topic resumes each of its partitions too.
        if (event.event === 'resumed' && event.partitions === undefined) for (const key of [...paused]) if (key.startsWith(`${event.topic}-`) && /-\d+$/.test(key.slice(event.topic.length))) paused.delete(key);
        break;
      }
      case 'unstable':
        break;
    }
  });
  const duplicates = [...deliveries.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  return { violations, duplicates, stableMarkers, errors };
}

/**
 * The `order` check for one delivery. `startLimit` is where a member may start a partition it was just assigned: the
 * group's last commit (0 when none: mqspec's workloads read from the earliest offset) or one past the highest offset
 * anyone was delivered, whichever is further — a member that keeps its position across a rebalance starts past the
 * commit, yet skips nothing the group had not seen.
 */
function checkOrder(event: KafkaEvent<'delivered'>, at: number, state: ClientState, startLimit: number, flag: (v: Omit<TraceViolation, 'excludedBy'>) => void): void {
  const key = tpKey(event);
  const expected = state.next.get(key);
  if (expected === undefined) {
    if (event.offset > startLimit) flag({ check: 'order', kind: 'poll-skip', at, client: event.client, message: `${event.client} started ${key} at ${event.offset}, past ${startLimit} (the commit, or the next offset nobody was delivered): ${startLimit}..${event.offset - 1} skipped` });
    return;
  }
  if (event.offset < expected) flag({ check: 'order', kind: 'nonmonotonic-poll', at, client: event.client, message: `${event.client} delivered ${key} offset ${event.offset} after ${expected - 1}` });
  else if (event.offset > expected) flag({ check: 'order', kind: 'poll-skip', at, client: event.client, message: `${event.client} delivered ${key} offset ${event.offset} after ${expected - 1}: ${expected}..${event.offset - 1} skipped` });
}

/** The `exclusive`, `complete` and `assignor` checks at a settled group. */
function checkSettledGroup(members: readonly string[], at: number, clients: ReadonlyMap<string, ClientState>, partitionCount: Readonly<Record<string, number>>, flag: (v: Omit<TraceViolation, 'excludedBy'>) => void): void {
  const owners = new Map<string, string>();
  for (const member of members) {
    for (const key of clients.get(member)?.owned?.keys() ?? []) {
      const other = owners.get(key);
      if (other !== undefined) flag({ check: 'exclusive', kind: 'double-owner', at, client: member, message: `${key} is owned by both ${other} and ${member}` });
      else owners.set(key, member);
    }
  }
  const subscribed = new Set(members.flatMap((m) => [...(clients.get(m)?.topics ?? [])]));
  for (const topic of [...subscribed].sort()) {
    for (let partition = 0; partition < (partitionCount[topic] ?? 0); partition++) {
      const key = tpKey({ topic, partition });
      if (!owners.has(key)) flag({ check: 'complete', kind: 'orphan-partition', at, message: `${key} has no owner in the settled group (${members.join(', ')}), though ${topic} is subscribed` });
    }
  }
  checkAssignor(members, at, clients, partitionCount, flag);
}

/** The `assignor` check: the settled assignment against the model's assignor, when the model has it. */
function checkAssignor(members: readonly string[], at: number, clients: ReadonlyMap<string, ClientState>, partitionCount: Readonly<Record<string, number>>, flag: (v: Omit<TraceViolation, 'excludedBy'>) => void): void {
  const states = members.map((m) => [m, clients.get(m)] as const);
  const names = new Set(states.map(([, s]) => s?.assignor));
  const [name] = names;
  if (names.size !== 1 || name === undefined || !(name in assignors)) return;
  if (states.some(([, s]) => s?.owned === undefined)) return;
  const owned = (state: ClientState | undefined): string => [...(state?.owned?.keys() ?? [])].sort().join(', ');
  /** The model's assignment per member when the members' ids are `ids` (in `states` order). */
  const modelFor = (ids: readonly string[]): string[] => {
    const subscriptions = Object.fromEntries(states.map(([, s], i) => [ids[i]!, [...(s?.topics ?? [])]]));
    const expected = assignors[name as AssignorName].assign(partitionCount, subscriptions);
    return ids.map((id) => (expected[id] ?? []).map(tpKey).sort().join(', '));
  };
  const reported = states.map(([, s]) => s?.memberId);
  let want: string[];
  if (reported.every((id): id is string => id !== undefined)) want = modelFor(reported);
  else {
    // The client does not show member ids (kafka-python): the broker's order of the members is unknown, so the
    // assignment passes when it is the model's for some order of them — the assignor's rule, not its tie-break.
    const orders = permutations(states.map((_, i) => i));
    const matching = orders.map((order) => modelFor(order.map((rank) => `m${rank}`))).find((model) => model.every((w, i) => w === owned(states[i]![1])));
    want = matching ?? modelFor(orders[0]!.map((rank) => `m${rank}`));
  }
  for (const [i, [member, state]] of states.entries()) {
    const got = owned(state);
    if (want[i] !== got) {
      const order = reported.some((id) => id === undefined) ? ' (for any order of the members)' : '';
      flag({ check: 'assignor', kind: 'assignment-differs', at, client: member, message: `${member} owns [${got}]; the model's ${name} assignor gives it [${want[i]}]${order}` });
    }
  }
}

/** Every order of `items` (at most 4 members, so at most 24). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}
