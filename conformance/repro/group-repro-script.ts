/**
 * Standalone reproductions of group-assignor findings: a Node script that calls the library's exported assignor
 * with the members, subscriptions and metadata its group leader had at the finding's rebalance, prints what it
 * answers beside what Java answers, and exits 1 while they differ (0 when the library answers as Java: then the
 * finding came from the adapter, not from the library). The script needs nothing but the library, installed where it
 * runs (`npm i kafkajs@2.2.4`); each library's call is written as that library's group code makes it, and says where.
 */
import type { Assignment } from '../../model/kafka/assignors/partition-assignor.js';
import type { TopicPartition } from '../../model/kafka/topic-partition.js';
import { ownedBefore, type RebalanceInput } from '../targets/group-with-library-assignor.js';
import type { JavaAnswer } from './rebalance-input.js';

/** The assignor a reproduction calls, by how it is called. */
export type GroupAssignorCall = 'kafkajs-round-robin' | 'platformatic-round-robin' | 'platformatic-cooperative-sticky' | 'kafka-node-range' | 'kafka-node-roundrobin';

/** Everything a group reproduction states. */
export interface GroupRepro {
  readonly call: GroupAssignorCall;
  /** The library as npm names it, with its exact version (`kafkajs@2.2.4`). */
  readonly library: string;
  /** The `topics` argument: the leader's own subscription (as the library's leader passes it) or every member's. */
  readonly topics: 'leader' | 'all';
  readonly input: RebalanceInput;
  /** Java's exact answer; undefined for assignors Java leaves open (sticky): the assignment invariants are checked. */
  readonly java?: JavaAnswer;
  /** Every order of the members (the finding is that the order changes the result), or only the recorded one. */
  readonly orders: 'recorded' | 'every';
  /** The header: what the finding is, the reference method, the library's version. */
  readonly heading: readonly string[];
}

/** How each library is loaded and called; `members` are `{id, topics, owned}` in the coordinator's order. */
const calls: Readonly<Record<GroupAssignorCall, { readonly code: string }>> = {
  'kafkajs-round-robin': {
    code: `// As kafkajs's ConsumerGroup[SYNC] calls it (src/consumer/consumerGroup.js): each member's subscription encoded as
// MemberMetadata, \`topics\` the leader's own subscription; the cluster answers findTopicPartitionMetadata.
const { PartitionAssigners, AssignerProtocol } = load('kafkajs');
async function assign(members, topics) {
  const cluster = { findTopicPartitionMetadata: (topic) => Array.from({ length: metadata[topic] ?? 0 }, (_, partitionId) => ({ partitionId })) };
  const answer = await PartitionAssigners.roundRobin({ cluster }).assign({
    members: members.map(({ id, topics }) => ({ memberId: id, memberMetadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics }) })),
    topics,
  });
  return Object.fromEntries(answer.map(({ memberId, memberAssignment }) => [memberId, Object.entries(AssignerProtocol.MemberAssignment.decode(memberAssignment)?.assignment ?? {}).flatMap(([topic, ids]) => ids.map((p) => [topic, Number(p)]))]));
}`,
  },
  'platformatic-round-robin': {
    code: `// As @platformatic/kafka's Consumer calls its assigner when it leads the group: (leader id, members by id,
// the topics, the cluster metadata of the subscribed topics it knows).
const { roundRobinAssigner } = await importLibrary('@platformatic/kafka');
function assign(members, topics) {
  const known = [...new Set(members.flatMap((m) => m.topics))].filter((t) => (metadata[t] ?? 0) > 0);
  const meta = { topics: new Map(known.map((t) => [t, { partitionsCount: metadata[t] }])) };
  const byId = new Map(members.map((m) => [m.id, { memberId: m.id, topics: m.topics, ownedPartitions: [], generationId: generation }]));
  return fromPlatformatic(roundRobinAssigner(members[0].id, byId, new Set(topics), meta));
}`,
  },
  'platformatic-cooperative-sticky': {
    code: `// As @platformatic/kafka's Consumer calls its assigner when it leads the group: (leader id, members by id with
// the partitions each owns and its generation, the topics, the cluster metadata of the subscribed topics it knows).
const { cooperativeStickyAssigner } = await importLibrary('@platformatic/kafka');
function assign(members, topics) {
  const known = [...new Set(members.flatMap((m) => m.topics))].filter((t) => (metadata[t] ?? 0) > 0);
  const meta = { topics: new Map(known.map((t) => [t, { partitionsCount: metadata[t] }])) };
  const owned = (m) => [...new Set(m.owned.map(([t]) => t))].filter((t) => m.topics.includes(t)).map((topic) => ({ topic, partitions: m.owned.filter(([t]) => t === topic).map(([, p]) => p) }));
  const byId = new Map(members.map((m) => [m.id, { memberId: m.id, topics: m.topics, ownedPartitions: owned(m), generationId: m.generation }]));
  return fromPlatformatic(cooperativeStickyAssigner(members[0].id, byId, new Set(topics), meta));
}`,
  },
  'kafka-node-range': { code: kafkaNodeCode('range') },
  'kafka-node-roundrobin': { code: kafkaNodeCode('roundrobin') },
};

/** kafka-node's built-in protocols (lib/assignment, the objects its `protocol: ['range']` option names). */
function kafkaNodeCode(protocol: 'range' | 'roundrobin'): string {
  return `// As kafka-node's ConsumerGroup leader calls the protocol (lib/consumerGroup.js): the subscribed topics the
// cluster knows with their partition ids as strings, and each member's id and subscription.
const protocol = load('kafka-node/lib/assignment').${protocol};
function assign(members) {
  const known = [...new Set(members.flatMap((m) => m.topics))].filter((t) => (metadata[t] ?? 0) > 0);
  const topicPartition = Object.fromEntries(known.map((t) => [t, Array.from({ length: metadata[t] }, (_, p) => String(p))]));
  return new Promise((resolve, reject) =>
    protocol.assign(topicPartition, members.map(({ id, topics }) => ({ id, subscription: topics })), (error, result) =>
      error ? reject(error) : resolve(Object.fromEntries(result.map(({ memberId, topicPartitions }) => [memberId, Object.entries(topicPartitions).flatMap(([t, ids]) => ids.map((p) => [t, Number(p)]))]))),
    ),
  );
}`;
}

/** Partitions as `[topic, partition]` pairs, sorted. */
function pairs(list: readonly TopicPartition[]): [string, number][] {
  return list.map((p): [string, number] => [p.topic, p.partition]).sort(([a, x], [b, y]) => (a === b ? x - y : a < b ? -1 : 1));
}

/** An assignment as the script's data: member → sorted pairs. */
function assignmentData(assignment: Assignment): Record<string, [string, number][]> {
  return Object.fromEntries(Object.entries(assignment).map(([id, list]) => [id, pairs(list)]));
}

/** The script's data: the rebalance input and what is expected. */
function data(repro: GroupRepro): string {
  const { input } = repro;
  const owned = ownedBefore(input.before);
  const current = new Set(input.before.generationMembers);
  const members = Object.entries(input.subscriptions).map(([id, topics]) => ({
    id,
    topics: [...topics],
    owned: pairs(owned.get(id) ?? []),
    generation: current.has(id) ? input.before.generation : -1,
  }));
  const java = repro.java === undefined ? null : repro.java.ok ? { assignment: assignmentData(repro.java.assignment) } : { error: repro.java.error };
  return [
    `const metadata = ${JSON.stringify(input.metadata)};`,
    `const generation = ${input.before.generation};`,
    `// The members in the coordinator's order (the first leads), their subscriptions and what each owns before.`,
    `const recorded = ${JSON.stringify(members)};`,
    `// Java's answer (null: Java defines no exact result, the assignment invariants are checked instead).`,
    `const java = ${JSON.stringify(java)};`,
    `const topicsArgument = ${JSON.stringify(repro.topics)};`,
    `const everyOrder = ${String(repro.orders === 'every')};`,
  ].join('\n');
}

/** The part every group reproduction shares: loading, comparing, printing, the exit status. */
const runner = `
function load(name) {
  return createRequire(join(process.cwd(), 'repro.cjs'))(name);
}
async function importLibrary(name) {
  return import(pathToFileURL(createRequire(join(process.cwd(), 'repro.cjs')).resolve(name)).href);
}
function fromPlatformatic(answer) {
  return Object.fromEntries(answer.map(({ memberId, assignments }) => [memberId, [...assignments.values()].flatMap(({ topic, partitions }) => partitions.map((p) => [topic, p]))]));
}
const byPartition = ([a, x], [b, y]) => (a === b ? x - y : a < b ? -1 : 1);
const show = (assignment) => Object.entries(assignment).map(([id, list]) => \`\${id}: [\${list.map(([t, p]) => \`\${t}-\${p}\`).join(', ')}]\`).join('; ');
function normalize(answer, members) {
  return Object.fromEntries(members.map(({ id }) => [id, [...(answer[id] ?? [])].sort(byPartition)]));
}
function permutations(list) {
  if (list.length < 2) return [list];
  return list.flatMap((first, i) => permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [first, ...rest]));
}
const orders = (list) => (everyOrder ? permutations(list).slice(0, 24) : [list]);
function invariantProblem(actual, members) {
  for (const [topic, count] of Object.entries(metadata)) {
    const subscribers = members.filter((m) => m.topics.includes(topic)).map((m) => m.id);
    if (subscribers.length === 0) continue;
    for (let p = 0; p < count; p++) {
      const owners = members.filter((m) => actual[m.id].some(([t, q]) => t === topic && q === p)).map((m) => m.id);
      if (owners.length !== 1) return \`\${topic}-\${p} is owned by [\${owners.join(', ')}], not by exactly one of its subscribers [\${subscribers.join(', ')}]\`;
      if (!subscribers.includes(owners[0])) return \`\${owners[0]} got \${topic}-\${p} without subscribing to \${topic}\`;
    }
  }
  const alike = members.every((m) => JSON.stringify([...m.topics].sort()) === JSON.stringify([...members[0].topics].sort()));
  const counts = members.map((m) => actual[m.id].length);
  if (alike && Math.max(...counts) - Math.min(...counts) > 1) return \`all subscribe alike but they own [\${counts.join(', ')}] partitions: more than one apart\`;
  return undefined;
}
function problem(actual, error, members) {
  if (java === null) return error !== undefined ? \`threw \${error}\` : invariantProblem(actual, members);
  if (java.error !== undefined) return error === undefined ? \`answered where Java throws \${java.error}\` : undefined;
  if (error !== undefined) return \`threw \${error} where Java assigns\`;
  const expected = normalize(java.assignment, members);
  return JSON.stringify(normalize(actual, members)) === JSON.stringify(expected) ? undefined : 'the assignment is not Java\\'s';
}
let present = false;
for (const members of orders(recorded)) {
  const topics = topicsArgument === 'leader' ? members[0].topics : [...new Set(members.flatMap((m) => m.topics))];
  let actual;
  let error;
  try {
    actual = normalize(await assign(members, topics), members);
  } catch (thrown) {
    error = \`\${thrown?.name ?? 'Error'}: \${thrown?.message ?? String(thrown)}\`;
  }
  const found = problem(actual, error, members);
  console.log(\`members \${members.map((m) => \`\${m.id} \${JSON.stringify(m.topics)}\`).join(', ')} (leader \${members[0].id})\`);
  console.log(\`  actual:   \${error ?? show(actual)}\`);
  console.log(\`  expected: \${java === null ? 'every subscribed partition owned by one subscriber, balanced within one when all subscribe alike' : java.error !== undefined ? \`Java throws \${java.error}\` : show(normalize(java.assignment, members))}\`);
  if (found !== undefined) {
    present = true;
    console.log(\`  differs:  \${found}\`);
  }
}
console.log(present ? 'The behaviour is present (exit 1).' : 'Not reproduced: the library answers as expected (exit 0).');
process.exit(present ? 1 : 0);
`;

/** The reproduction script's text. */
export function groupReproScript(repro: GroupRepro): string {
  const call = calls[repro.call];
  const { library } = repro;
  return [
    '#!/usr/bin/env node',
    ...repro.heading.map((line) => (line === '' ? '//' : `// ${line}`)),
    `// Run it where ${library} is installed: npm i ${library} && node THIS_FILE`,
    '// Generated by mqspec from a shrunk counterexample; it needs nothing but the library.',
    "import { createRequire } from 'node:module';",
    "import { join } from 'node:path';",
    "import { pathToFileURL } from 'node:url';",
    '',
    data(repro),
    '',
    call.code,
    runner,
  ].join('\n');
}
