/**
 * A standalone reproduction for each library finding of conformance/expectations.json (issue: each finding as a
 * bug report a maintainer can act on without mqspec): the stored counterexample is turned into a script that calls
 * the library's public API only (group-repro-script.ts for assignors, consumer-repro-script.ts for kafka-python's
 * KafkaConsumer, kafkajs-consumer-repro-script.ts for kafkajs's consumer, against a broker where its calls need one)
 * and exits 1 while the behaviour persists. Where no public call reaches the behaviour, the finding has no
 * reproduction and the reason is stated. Scripts live in `repros/<target>/`, written by `npm run repros`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AssignorName } from '../../model/kafka/assignors/assignors.js';
import type { KafkaConsumerCommand } from '../../model/kafka/consumer/commands.js';
import { kafkaConsumer } from '../../model/kafka/consumer/kafka-consumer.js';
import type { KafkaConsumerSetup } from '../../model/kafka/consumer/setup.js';
import type { KafkaConsumerState } from '../../model/kafka/consumer/state.js';
import type { Outcome } from '../../model/outcome.js';
import type { Scenario } from '../../model/scenario.js';
import type { Expectations } from '../expectations.js';
import { packageRoot } from '../package-root.js';
import type { LibraryAssign } from '../targets/group-with-library-assignor.js';
import { kafkajsLibrary, kafkaNodeLibrary, platformaticKafkaLibrary } from '../targets/libraries.js';
import { librarySpec, type LibraryPackage } from '../targets/library-require.js';
import { kafkaPythonVersion } from '../targets/kafka-python/kafka-python-target.js';
import { callKafkaNodeAssignor, kafkaNodeProtocols } from '../targets/kafka-node/kafka-node-assignors.js';
import { disposeKafkajsBridge, kafkajsRoundRobin } from '../targets/kafkajs/kafkajs-round-robin.js';
import { platformaticCooperativeSticky, platformaticRoundRobin } from '../targets/platformatic-kafka/platformatic-assignors.js';
import { consumerReproScript, kafkaPythonCall } from './consumer-repro-script.js';
import { kafkajsCalls, kafkajsConsumerReproScript, needsBroker } from './kafkajs-consumer-repro-script.js';
import { groupReproScript, type GroupAssignorCall } from './group-repro-script.js';
import { javaAnswer, rebalanceInputAt } from './rebalance-input.js';
import { scriptFile } from './script-file.js';

/** What runs a reproduction and what it needs installed. */
export type ReproRuntime =
  | {
      readonly kind: 'node';
      readonly library: LibraryPackage;
      /** The topics (and partition counts) a broker must have, for a script that needs one (KAFKA_BROKERS). */
      readonly broker?: Readonly<Record<string, number>>;
    }
  | { readonly kind: 'python' };

/** A generated reproduction. */
export interface Reproduction {
  readonly target: string;
  /** The expectations key (`KG-AGREE · rebalance: value`, `KG-04`). */
  readonly key: string;
  /** The script's path relative to the package root (`repros/kafkajs-round-robin/kg-04.mjs`). */
  readonly file: string;
  readonly runtime: ReproRuntime;
  readonly script: string;
}

/** A finding no public call of the library reaches, with the reason. */
export interface NoReproduction {
  readonly target: string;
  readonly key: string;
  readonly reason: string;
}

/** How a group target's findings are reproduced. */
interface GroupTargetRepro {
  readonly call: GroupAssignorCall;
  readonly topics: 'leader' | 'all';
  readonly assign: LibraryAssign;
  /** Java's assignor for the exact answer; none for sticky (the invariants are checked). */
  readonly java?: AssignorName;
  readonly library: LibraryPackage;
}

const groupTargets: Readonly<Record<string, GroupTargetRepro>> = {
  'kafkajs-round-robin': { call: 'kafkajs-round-robin', topics: 'leader', assign: (i) => kafkajsRoundRobin(i, 'leader'), java: 'roundrobin', library: kafkajsLibrary },
  'kafkajs-round-robin-all-topics': { call: 'kafkajs-round-robin', topics: 'all', assign: (i) => kafkajsRoundRobin(i, 'all'), java: 'roundrobin', library: kafkajsLibrary },
  'platformatic-kafka-round-robin': { call: 'platformatic-round-robin', topics: 'leader', assign: (i) => platformaticRoundRobin(i, 'leader'), java: 'roundrobin', library: platformaticKafkaLibrary },
  'platformatic-kafka-round-robin-all-topics': { call: 'platformatic-round-robin', topics: 'all', assign: (i) => platformaticRoundRobin(i, 'all'), java: 'roundrobin', library: platformaticKafkaLibrary },
  'platformatic-kafka-cooperative-sticky': { call: 'platformatic-cooperative-sticky', topics: 'leader', assign: (i) => platformaticCooperativeSticky(i, 'leader'), library: platformaticKafkaLibrary },
  'platformatic-kafka-cooperative-sticky-all-topics': { call: 'platformatic-cooperative-sticky', topics: 'all', assign: (i) => platformaticCooperativeSticky(i, 'all'), library: platformaticKafkaLibrary },
  'kafka-node-range': { call: 'kafka-node-range', topics: 'all', assign: (i) => callKafkaNodeAssignor(kafkaNodeProtocols().range, i), java: 'range', library: kafkaNodeLibrary },
  'kafka-node-roundrobin': { call: 'kafka-node-roundrobin', topics: 'all', assign: (i) => callKafkaNodeAssignor(kafkaNodeProtocols().roundrobin, i), java: 'roundrobin', library: kafkaNodeLibrary },
};

/** Why the other targets' findings have no public-API reproduction (yet). */
const unreachable: Readonly<Record<string, string>> = {
  'ali-ons-tag-filter': "ali-ons parses and applies tag expressions inside its push consumer, reached through a broker only; a broker-backed reproduction is not built yet.",
};

/** The header lines of a script: the finding, its judgement against Java, the library's version. */
function heading(target: string, key: string, library: string, judgement: string, upstream: string | undefined): string[] {
  const words = judgement.split(' ');
  const lines: string[] = [`${library}: ${target}, ${key}`, ''];
  let line = 'Finding, judged against Java:';
  for (const word of words) {
    if (line.length + word.length + 1 > 110) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`;
  }
  lines.push(line, '', `Upstream issue: ${upstream ?? 'none recorded'}`);
  return lines;
}

/** The stored counterexample of a cell. */
function stored(file: string): { scenario: Scenario; step: number } {
  const record = JSON.parse(readFileSync(path.join(packageRoot(), file), 'utf8')) as { scenario: Scenario; step: number };
  return { scenario: record.scenario, step: record.step };
}

/** The reproduction of one group finding. */
function groupReproduction(target: string, key: string, config: GroupTargetRepro, scenario: Scenario, step: number, lines: string[]): Reproduction | NoReproduction {
  const input = rebalanceInputAt(scenario, step, config.assign);
  if (input === undefined) return { target, key, reason: `step ${step} of the counterexample is not a rebalance that reached the assignor.` };
  const missing = Object.values(input.subscriptions).flat().find((topic) => (input.metadata[topic] ?? 0) <= 0);
  if (config.library === platformaticKafkaLibrary && missing !== undefined) {
    // The Consumer refuses to assign before it calls the assigner when a subscribed topic has no metadata (the
    // adapter repeats that check): calling the assigner without it is not what the Consumer does.
    return { target, key, reason: `the NetworkError comes from @platformatic/kafka's Consumer, which checks the metadata of every subscribed topic ("${missing}" has none) before it calls the assigner; the assigner alone does not show it, and a Consumer against a broker is not built yet.` };
  }
  const script = groupReproScript({
    call: config.call,
    library: librarySpec(config.library),
    topics: config.topics,
    input,
    ...(config.java === undefined ? {} : { java: javaAnswer(config.java, input) }),
    orders: key === 'KG-06' ? 'every' : 'recorded',
    heading: lines,
  });
  return { target, key, file: scriptFile(target, key, 'mjs'), runtime: { kind: 'node', library: config.library }, script };
}

/** The targets whose findings are reproduced on a kafkajs consumer. */
const kafkajsConsumerTargets: ReadonlySet<string> = new Set(['kafkajs-subscription-state', 'kafkajs-offsets']);

/** Java after the last command: the model run over the commands (the library agreed on the ones before). */
function javaAfter(setup: KafkaConsumerSetup, commands: readonly KafkaConsumerCommand[]): { answer: Outcome; state: KafkaConsumerState } {
  let state = kafkaConsumer.init(setup);
  let answer: Outcome = { ok: true };
  for (const command of commands) {
    const result = kafkaConsumer.step(state, command);
    state = result.state;
    answer = result.outcome;
  }
  return { answer, state };
}

/** A finding about the partitions' state after a call (`… · rebalance: observation partitions`), not its answer. */
const partitionStateFinding = /: observation partitions$/;

/** The reproduction of one kafkajs consumer finding. */
function kafkajsConsumerReproduction(target: string, key: string, scenario: Scenario, step: number, lines: string[]): Reproduction | NoReproduction {
  const commands = scenario.commands.slice(0, step + 1) as KafkaConsumerCommand[];
  const setup = scenario.setup as KafkaConsumerSetup;
  const calls = kafkajsCalls(commands, setup);
  if (!Array.isArray(calls)) return { target, key, reason: `kafkajs's public API has no call for \`${calls.command}\` here: ${calls.why}.` };
  if (setup.committed.length > 0) return { target, key, reason: "the counterexample starts from committed offsets, which the reproduction does not set up." };
  const java = javaAfter(setup, commands);
  // kafkajs shows a consumer's paused partitions (consumer.paused()), not its positions: a state finding of
  // kafkajs-subscription-state (fields topic, partition, paused) is compared so.
  const stateFinding = partitionStateFinding.test(key);
  if (stateFinding && target !== 'kafkajs-subscription-state') return { target, key, reason: "kafkajs's public API shows no consumer position: only the paused partitions (consumer.paused()) can be compared." };
  const paused = Object.values(kafkaConsumer.observe(java.state).partitions).filter((p) => p.paused).map((p) => ({ topic: p.topic, partition: p.partition }));
  const script = kafkajsConsumerReproScript({ calls, java: java.answer, topics: setup.topics, library: librarySpec(kafkajsLibrary), heading: lines, ...(stateFinding ? { paused } : {}) });
  const runtime: ReproRuntime = needsBroker(calls) ? { kind: 'node', library: kafkajsLibrary, broker: setup.topics } : { kind: 'node', library: kafkajsLibrary };
  return { target, key, file: scriptFile(target, key, 'mjs'), runtime, script };
}

/** The reproduction of one kafka-python consumer finding. */
function consumerReproduction(target: string, key: string, scenario: Scenario, step: number, lines: string[]): Reproduction | NoReproduction {
  const commands = scenario.commands.slice(0, step + 1) as KafkaConsumerCommand[];
  const calls = commands.map(kafkaPythonCall);
  const missing = commands.find((_, i) => calls[i] === undefined);
  if (missing !== undefined) {
    return { target, key, reason: `kafka-python's public API has no call for \`${missing.type}\`${missing.type === 'rebalance' ? ' (the coordinator assigns, and only to a consumer that subscribed and joined): an adapter artifact' : ''}.` };
  }
  const setup = scenario.setup as KafkaConsumerSetup;
  const java = javaAfter(setup, commands).answer;
  const script = consumerReproScript({ calls: calls.filter((c): c is string => c !== undefined), java, autoOffsetReset: setup.autoOffsetReset, heading: lines });
  return { target, key, file: scriptFile(target, key, 'py'), runtime: { kind: 'python' }, script };
}

/** Every library finding's reproduction, or why it has none, in expectations order. */
export function reproductions(expectations: Expectations): (Reproduction | NoReproduction)[] {
  const out: (Reproduction | NoReproduction)[] = [];
  try {
    for (const [target, cells] of Object.entries(expectations.targets)) {
      for (const [key, cell] of Object.entries(cells)) {
        if (cell.status !== 'diverges' || cell.counterexample === undefined) continue;
        const { scenario, step } = stored(cell.counterexample);
        const group = groupTargets[target];
        const judgement = cell.judgement ?? '';
        if (group !== undefined) out.push(groupReproduction(target, key, group, scenario, step, heading(target, key, librarySpec(group.library), judgement, cell.upstream)));
        else if (target === 'kafka-python-subscription-state') out.push(consumerReproduction(target, key, scenario, step, heading(target, key, kafkaPythonVersion, judgement, cell.upstream)));
        else if (kafkajsConsumerTargets.has(target)) out.push(kafkajsConsumerReproduction(target, key, scenario, step, heading(target, key, librarySpec(kafkajsLibrary), judgement, cell.upstream)));
        else out.push({ target, key, reason: unreachable[target] ?? 'no reproduction generator for this target.' });
      }
    }
  } finally {
    disposeKafkajsBridge();
  }
  return out;
}

/** True for a generated reproduction. */
export function isReproduction(value: Reproduction | NoReproduction): value is Reproduction {
  return 'script' in value;
}
