/**
 * Standalone reproductions of kafkajs consumer findings (kafkajs-subscription-state, kafkajs-offsets): a Node script
 * that makes the counterexample's calls on a real kafkajs `consumer` through its public API only, prints what the
 * diverging call answers beside what Java's KafkaConsumer answers, and exits 1 while they differ.
 *
 * The calls, as a kafkajs user makes them (src/consumer/index.js):
 * - `subscribe` is `consumer.subscribe({topics, fromBeginning})`, fromBeginning being `auto.offset.reset=earliest`;
 * - the first `rebalance`, and a `poll` before the consumer runs, are `consumer.run()` and the wait for its
 *   GROUP_JOIN event: kafkajs's run is its poll loop, and an assignment reaches only a running consumer. The group's
 *   assignment is the counterexample's: the consumer's only assigner (`partitionAssigners`, public) gives the one
 *   member exactly the rebalance's partitions (none for a poll), as a group whose other members took the rest would;
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
        if (running) return { command: 'rebalance', why: 'a second rebalance needs another member to join the group' };
        running = true;
        calls.push({ statement: `await joined(${memberAssignment(command.partitions)})`, broker: true });
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
}

/** True when the script needs a broker. */
export function needsBroker(calls: readonly KafkajsCall[]): boolean {
  return calls.some((call) => call.broker);
}

/** The reproduction script's text. */
export function kafkajsConsumerReproScript(repro: KafkajsConsumerRepro): string {
  const broker = needsBroker(repro.calls);
  const before = repro.calls.slice(0, -1).map((call) => call.statement);
  const last = repro.calls.at(-1)?.statement ?? 'undefined';
  const topics = Object.entries(repro.topics).map(([topic, count]) => `${topic} (${count} partition${count === 1 ? '' : 's'})`).join(', ');
  const run = broker
    ? [
        `// Run it where ${repro.library} is installed, against a Kafka broker that has the topics ${topics}:`,
        `//   npm i ${repro.library} && KAFKA_BROKERS=127.0.0.1:9092 node THIS_FILE`,
        '// Generated by mqspec from a shrunk counterexample. The consumer joins a group of its own (one member); its only',
        "// assigner gives it exactly the partitions the counterexample's rebalance gave (a group whose other members took",
        "// the rest would). Exit 2: no broker named; exit 3: the consumer could not join, or an earlier call failed.",
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

// The group's assignment for this member: what the counterexample's rebalance gives (kafkajs's PartitionAssigner
// interface: protocol() for JoinGroup, assign() run by the leader).
let scripted = {};
const scriptedAssigner = () => ({
  name: 'MqspecScripted',
  version: 0,
  async assign({ members }) {
    return members.map(({ memberId }) => ({ memberId, memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: 0, assignment: scripted, userData: Buffer.alloc(0) }) }));
  },
  protocol({ topics }) {
    return { name: 'MqspecScripted', metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics }) };
  },
});
const consumer = kafka.consumer({ groupId: \`mqspec-repro-\${process.pid}\`, partitionAssigners: [scriptedAssigner], sessionTimeout: 6000, heartbeatInterval: 500, maxWaitTimeInMs: 200, retry: { retries: 3 } });

/** Not an answer of the library: the consumer did not join in time. */
class NoJoin extends Error {}
/** consumer.run, then its first GROUP_JOIN (or the crash that ends it), at most 30 s. */
function joined(assignment) {
  scripted = assignment;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new NoJoin('no GROUP_JOIN within 30 s')), 30_000);
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      clearTimeout(timer);
      resolve(payload.memberAssignment);
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      clearTimeout(timer);
      reject(payload.error);
    });
    consumer.run({ autoCommit: false, eachBatch: async () => {} }).catch((error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

let actual = null;
let shown = 'returns normally';
let status;
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
} catch (error) {
  console.log(\`Could not reproduce: \${error.name}: \${error.message} (exit 3).\`);
  status = 3;
} finally {
  await Promise.race([consumer.disconnect().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5000))]);
}
if (status === undefined) {
  console.log(\`  actual:   kafkajs \${shown}\`);
  console.log(\`  expected: Java \${JAVA_ERROR === null ? 'returns normally' : 'throws ' + JAVA_ERROR}\`);
  status = actual !== JAVA_ERROR ? 1 : 0;
  console.log(status === 1 ? 'The behaviour is present (exit 1).' : 'Not reproduced: the library answers as expected (exit 0).');
}
process.exit(status);
`;
}
