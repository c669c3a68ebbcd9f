/**
 * Standalone reproductions of kafkajs consumer findings (kafkajs-subscription-state, kafkajs-offsets): a Node script
 * that makes the counterexample's calls on a real kafkajs `consumer` through its public API only, prints what the
 * diverging call answers beside what Java's KafkaConsumer answers, and exits 1 while they differ.
 *
 * The calls, as a kafkajs user makes them (src/consumer/index.js):
 * - `subscribe` is `consumer.subscribe({topics, fromBeginning})`, fromBeginning being `auto.offset.reset=earliest`;
 * - the first `rebalance`, and a `poll` before the consumer runs, are `consumer.run()` and the wait for its
 *   GROUP_JOIN event: kafkajs's run is its poll loop, and an assignment reaches only a running consumer. The group's
 *   assignment is the counterexample's: the consumer's only assigner (`partitionAssigners`, public) gives the member
 *   exactly the rebalance's partitions (none for a poll), as a group whose other members took the rest would;
 * - a later `rebalance` is a second member of the group joining (or, the time after, leaving): the coordinator's
 *   rebalance that a user meets, with the same assigner giving the second member nothing;
 * - `pause` / `resume` are `consumer.pause/resume([{topic, partitions}])`, partitions grouped by topic in first-seen
 *   order as the adapters pass them, and the whole-topic `pauseTopics` / `resumeTopics` are `[{topic}]`; `seek` is
 *   `consumer.seek`; seekToBeginning / seekToEnd are `consumer.seek` to kafkajs's EARLIEST (-2) / LATEST (-1)
 *   offsets, per listed partition; `commitSync(offsets)` is `consumer.commitOffsets`.
 * Calls that reach only the consumer's own state (pause, resume, seek, commitOffsets before run) need no broker; the
 * others need one (KAFKA_BROKERS, with the setup's topics created).
 */
import type { KafkaConsumerCommand } from '../../model/kafka/consumer/commands.js';
import type { KafkaConsumerSetup } from '../../model/kafka/consumer/setup.js';
import type { Outcome } from '../../model/outcome.js';

/** kafkajs's special seek offsets (src/constants.js): EARLIEST_OFFSET, LATEST_OFFSET. */
const earliest = '-2';
const latest = '-1';

/** `[{topic, partitions}]`, partitions grouped by topic in first-seen order. */
function byTopic(partitions: ReadonlyArray<{ readonly topic: string; readonly partition: number }>): string {
  const groups = new Map<string, number[]>();
  for (const p of partitions) groups.set(p.topic, [...(groups.get(p.topic) ?? []), p.partition]);
  return JSON.stringify([...groups].map(([topic, ids]) => ({ topic, partitions: ids })));
}

/** `{topic: [partitions]}`, kafkajs's MemberAssignment. */
function memberAssignment(partitions: ReadonlyArray<{ readonly topic: string; readonly partition: number }>): string {
  const assignment: Record<string, number[]> = {};
  for (const p of partitions) if (!(assignment[p.topic] ??= []).includes(p.partition)) assignment[p.topic]?.push(p.partition);
  return JSON.stringify(assignment);
}

/** One call of the script: its statement, and whether it talks to a broker. */
export interface KafkajsCall {
  readonly statement: string;
  readonly broker: boolean;
}

/**
 * The public calls a user makes for the commands, in order, or the first command kafkajs's public API has no call for
 * at that point (with why).
 */
export function kafkajsCalls(commands: readonly KafkaConsumerCommand[], setup: KafkaConsumerSetup): KafkajsCall[] | { readonly command: string; readonly why: string } {
  const calls: KafkajsCall[] = [];
  let running = false;
  const fromBeginning = setup.autoOffsetReset === 'earliest';
  for (const command of commands) {
    switch (command.type) {
      case 'subscribe':
        calls.push({ statement: `await consumer.subscribe({ topics: ${JSON.stringify(command.topics)}, fromBeginning: ${String(fromBeginning)} })`, broker: true });
        break;
      case 'rebalance':
        calls.push({ statement: `await ${running ? 'rejoined' : 'joined'}(${memberAssignment(command.partitions)})`, broker: true });
        running = true;
        break;
      case 'poll':
        if (running) return { command: 'poll', why: "a running kafkajs consumer fetches on its own: no public call fetches at a chosen point" };
        running = true;
        calls.push({ statement: 'await joined({})', broker: true });
        break;
      case 'pause':
      case 'resume':
        calls.push({ statement: `consumer.${command.type}(${byTopic(command.partitions)})`, broker: false });
        break;
      case 'pauseTopics':
      case 'resumeTopics':
        calls.push({ statement: `consumer.${command.type === 'pauseTopics' ? 'pause' : 'resume'}(${JSON.stringify(command.topics.map((topic) => ({ topic })))})`, broker: false });
        break;
      case 'seek':
        calls.push({ statement: `consumer.seek({ topic: ${JSON.stringify(command.partition.topic)}, partition: ${command.partition.partition}, offset: '${command.offset}' })`, broker: false });
        break;
      case 'seekToBeginning':
      case 'seekToEnd': {
        if (command.partitions.length === 0) return { command: command.type, why: 'kafkajs has no seek of every assigned partition at once' };
        const offset = command.type === 'seekToBeginning' ? earliest : latest;
        const seeks = command.partitions.map((p) => `consumer.seek({ topic: ${JSON.stringify(p.topic)}, partition: ${p.partition}, offset: '${offset}' })`);
        calls.push({ statement: seeks.join('; '), broker: false });
        break;
      }
      case 'commitSync':
        if (command.offsets === undefined) return { command: 'commitSync', why: "a commit of the consumed offsets is the runner's auto-commit, not a public call" };
        calls.push({ statement: `await consumer.commitOffsets(${JSON.stringify(command.offsets.map((o) => ({ topic: o.topic, partition: o.partition, offset: String(o.offset) })))})`, broker: running });
        break;
      default:
        return { command: command.type, why: 'kafkajs has no such consumer call' };
    }
  }
  return calls;
}

/** Everything a kafkajs consumer reproduction states. */
export interface KafkajsConsumerRepro {
  /** The calls before the diverging one, and the diverging one last. */
  readonly calls: readonly KafkajsCall[];
  /** Java's answer to the last call. */
  readonly java: Outcome;
  /** The setup's topics and partition counts, which a broker must have. */
  readonly topics: Readonly<Record<string, number>>;
  readonly library: string;
  readonly heading: readonly string[];
  /**
   * For a finding about the consumer's state rather than an answer: Java's paused partitions after the last call,
   * compared with kafkajs's `consumer.paused()`.
   */
  readonly paused?: ReadonlyArray<{ readonly topic: string; readonly partition: number }>;
}

/** True when the script needs a broker. */
export function needsBroker(calls: readonly KafkajsCall[]): boolean {
  return calls.some((call) => call.broker);
}

/** The reproduction script's text. */
export function kafkajsConsumerReproScript(repro: KafkajsConsumerRepro): string {
  const broker = needsBroker(repro.calls);
  const javaPaused = repro.paused?.map((p) => `${p.topic}-${p.partition}`).sort();
  const before = repro.calls.slice(0, -1).map((call) => call.statement);
  const last = repro.calls.at(-1)?.statement ?? 'undefined';
  const topics = Object.entries(repro.topics).map(([topic, count]) => `${topic} (${count} partition${count === 1 ? '' : 's'})`).join(', ');
  const run = broker
    ? [
        `// Run it where ${repro.library} is installed, against a Kafka broker that has the topics ${topics}:`,
        `//   npm i ${repro.library} && KAFKA_BROKERS=127.0.0.1:9092 node THIS_FILE`,
        '// Generated by mqspec from a shrunk counterexample. The consumer joins a group of its own; its only assigner gives',
        "// it exactly the partitions the counterexample's rebalance gave (a group whose other members took the rest would);",
        '// a later rebalance is a second member joining, or leaving. Exit 2: no broker named; exit 3: the consumer could',
        '// not join, or an earlier call failed.',
      ]
    : [
        `// Run it where ${repro.library} is installed: npm i ${repro.library} && node THIS_FILE`,
        '// Generated by mqspec from a shrunk counterexample; it needs nothing but the library (no broker: the calls act on',
        "// the consumer's own state before consumer.run; the broker address is never reached).",
      ];
  return `#!/usr/bin/env node
${repro.heading.map((line) => (line === '' ? '//' : `// ${line}`)).join('\n')}
${run.join('\n')}
import { createRequire } from 'node:module';
import { join } from 'node:path';

const { Kafka, AssignerProtocol, logLevel } = createRequire(join(process.cwd(), 'repro.cjs'))('kafkajs');
const JAVA_ERROR = ${repro.java.ok ? 'null' : JSON.stringify(repro.java.error)}; // null: Java's KafkaConsumer answers normally
const needsBroker = ${String(broker)};

const brokers = needsBroker ? (process.env.KAFKA_BROKERS ?? '').split(',').filter((b) => b !== '') : ['127.0.0.1:1'];
if (brokers.length === 0) {
  console.log('This reproduction needs a Kafka broker with the topics ${topics}: KAFKA_BROKERS=host:port node THIS_FILE');
  process.exit(2);
}
const kafka = new Kafka({ clientId: 'mqspec-repro', brokers, logLevel: logLevel.NOTHING, retry: { retries: 3, initialRetryTime: 100, maxRetryTime: 1000 } });

// The group's assignment: the counterexample's rebalance gives this consumer \`scripted\`, any other member nothing
// (kafkajs's PartitionAssigner interface: protocol() for JoinGroup, its userData naming the member's role; assign()
// run by whichever member leads).
let scripted = {};
const scriptedAssigner = (role) => () => ({
  name: 'MqspecScripted',
  version: 0,
  async assign({ members }) {
    return members.map(({ memberId, memberMetadata }) => {
      const mine = AssignerProtocol.MemberMetadata.decode(memberMetadata).userData.toString() === 'reproduced';
      return { memberId, memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: 0, assignment: mine ? scripted : {}, userData: Buffer.alloc(0) }) };
    });
  },
  protocol({ topics }) {
    return { name: 'MqspecScripted', metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.from(role) }) };
  },
});
const groupId = \`mqspec-repro-\${process.pid}\`;
const member = (role) => kafka.consumer({ groupId, partitionAssigners: [scriptedAssigner(role)], sessionTimeout: 6000, rebalanceTimeout: 10000, heartbeatInterval: 300, maxWaitTimeInMs: 200, retry: { retries: 3 } });
const consumer = member('reproduced');

/** Not an answer of the library: the consumer did not join in time. */
class NoJoin extends Error {}
/** Resolves at the consumer's next GROUP_JOIN, rejects at its crash or after 30 s. */
let waiting = null;
consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => waiting?.resolve(payload.memberAssignment));
consumer.on(consumer.events.CRASH, ({ payload }) => waiting?.reject(payload.error));
function nextJoin() {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new NoJoin('no GROUP_JOIN within 30 s')), 30_000);
    const settle = (f) => (value) => { clearTimeout(timer); waiting = null; f(value); };
    waiting = { resolve: settle(resolve), reject: settle(reject) };
  });
}
/** consumer.run, then its first GROUP_JOIN. */
function joined(assignment) {
  scripted = assignment;
  const join = nextJoin();
  consumer.run({ autoCommit: false, eachBatch: async () => {} }).catch((error) => waiting?.reject(error));
  return join;
}
/** A second member joins the group (or, if it is in, leaves it): the group rebalances; then the consumer's GROUP_JOIN. */
let other = null;
async function rejoined(assignment) {
  scripted = assignment;
  const join = nextJoin();
  if (other === null) {
    other = member('other');
    await other.connect();
    await other.run({ autoCommit: false, eachBatch: async () => {} });
  } else {
    await other.disconnect();
    other = null;
  }
  return join;
}

let actual = null;
let shown = 'returns normally';
let status;
let pausedNow = [];
try {
  if (needsBroker) await consumer.connect();
${before.length === 0 ? '' : `${before.map((statement) => `  ${statement};`).join('\n')}\n`}  console.log(${JSON.stringify(`calling ${last}`)});
  try {
    ${last};
  } catch (error) {
    if (error instanceof NoJoin) throw error;
    actual = error.name;
    shown = \`throws \${error.name}: \${error.message}\`;
  }
${repro.paused === undefined ? '' : `  // consumer.paused(): the assigned partitions kafkajs will not fetch, [{topic, partitions}].
  pausedNow = consumer.paused().flatMap(({ topic, partitions }) => partitions.map((p) => \`\${topic}-\${p}\`)).sort();
`}} catch (error) {
  console.log(\`Could not reproduce: \${error.name}: \${error.message} (exit 3).\`);
  status = 3;
} finally {
  const stopping = [consumer, other].filter((c) => c !== null).map((c) => c.disconnect().catch(() => {}));
  await Promise.race([Promise.all(stopping), new Promise((resolve) => setTimeout(resolve, 5000))]);
}
if (status === undefined) {
  console.log(\`  actual:   kafkajs \${shown}\`);
  console.log(\`  expected: Java \${JAVA_ERROR === null ? 'returns normally' : 'throws ' + JAVA_ERROR}\`);
  status = actual !== JAVA_ERROR ? 1 : 0;
${repro.paused === undefined ? '' : `  console.log(\`  paused:   kafkajs \${JSON.stringify(pausedNow)}, Java ${JSON.stringify(javaPaused)}\`);
  if (JSON.stringify(pausedNow) !== ${JSON.stringify(JSON.stringify(javaPaused))}) status = 1;
`}  console.log(status === 1 ? 'The behaviour is present (exit 1).' : 'Not reproduced: the library answers as expected (exit 0).');
}
process.exit(status);
`;
}
