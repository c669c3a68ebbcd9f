/**
 * kafka-python 2.0.2 (Debian `python3-kafka`, pure Python) through the JSON-lines protocol: `kafka_python_target.py`
 * wraps its SubscriptionState (through KafkaConsumer's own methods) and its Range, RoundRobin and Sticky assignors (as
 * ConsumerCoordinator._perform_assignment calls them), one role per target. The program runs under mqspec's protocol
 * client (`conformance/protocol/protocol-target.ts`): one process per check, `init` per scenario. A machine where
 * `python3` cannot import kafka-python 2.0.2 skips these targets with a message.
 *
 * The program finds the package itself: `MQSPEC_KAFKA_PYTHON_PATH`, Debian's `/usr/lib/python3/dist-packages`, or the
 * package unpacked without root into `.cache/python3-kafka` by `.ci/run`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { packageRoot } from '../../package-root.js';
import { protocolTarget } from '../../protocol/protocol-target.js';
import type { Target, TargetSystem } from '../../target.js';
import { assignorCommands, assignorInvariants } from '../group-with-library-assignor.js';
import type { LibraryTarget } from '../library-target.js';

/** The library and version. */
export const kafkaPythonVersion = 'kafka-python@2.0.2';

/** The program (kept in the sources: the build does not copy Python files). */
export function kafkaPythonProgram(): string {
  return path.join(packageRoot(), 'conformance', 'targets', 'kafka-python', 'kafka_python_target.py');
}

let availability: string | undefined | null = null;

/** Why kafka-python cannot run here, or undefined when the program imports version 2.0.2 of it. */
export function kafkaPythonUnavailable(): string | undefined {
  if (availability !== null) return availability;
  const probe = spawnSync('python3', [kafkaPythonProgram(), 'subscription-state'], { input: '{"op":"hello","protocol":1}\n', encoding: 'utf8', timeout: 20_000 });
  const answer = probe.stdout?.split('\n')[0] ?? '';
  if (probe.error !== undefined) availability = `python3 cannot be run (${probe.error.message})`;
  else if (!answer.includes('"ok": true')) availability = 'kafka-python 2.0.2 is not installed (apt-get install python3-kafka; .ci/run installs or unpacks it)';
  else if (!answer.includes('kafka-python@2.0.2')) availability = `another kafka-python is installed (${answer.slice(0, 120)}); the target wraps 2.0.2`;
  else availability = undefined;
  return availability;
}

/** How the protocol target is started. */
export interface KafkaPythonStartOptions {
  readonly timeout?: number;
}

/** One role of the program, with the systems it is checked on (fixed setup, invariants for sticky). */
function kafkaPythonTarget(role: 'subscription-state' | 'range' | 'roundrobin' | 'sticky', system: TargetSystem, describes: string): LibraryTarget & { start(options: KafkaPythonStartOptions): Target } {
  const name = `kafka-python-${role}`;
  const notStarted = (): never => {
    throw new Error(`${name} is a protocol target: start it with start()`);
  };
  return {
    name,
    version: kafkaPythonVersion,
    library: kafkaPythonVersion,
    describes,
    systems: [system],
    unavailable: kafkaPythonUnavailable,
    open: notStarted,
    start(options) {
      const started = protocolTarget(`python3 ${kafkaPythonProgram()} ${role}`, { name, ...(options.timeout === undefined ? {} : { timeout: options.timeout }) });
      // The program's hello declares the same systems; the fixed setup and the applicable invariants are mqspec's.
      return { ...started, name, describes, systems: [system], open: started.open, dispose: started.dispose };
    },
  };
}

const groupFields = ['generation', 'leader', 'generationMembers', 'lastAssignment'];

/** Range and RoundRobin show the coordinator's side only: the differential property checks them (see above). */
const differentialOnly: readonly string[] = [];

/** kafka-python's targets: its SubscriptionState and its three assignors. */
export const kafkaPythonTargets = [
  kafkaPythonTarget(
    'subscription-state',
    {
      system: 'kafka.consumer',
      commands: ['subscribe', 'assign', 'unsubscribe', 'rebalance', 'seek', 'seekToBeginning', 'seekToEnd', 'pause', 'resume'],
      fields: ['mode', 'subscription', 'partitions.*.position', 'partitions.*.paused', 'partitions.*.resetStrategy'],
      mode: 'differential',
      // kafka-python's SubscriptionState ports Java's from before KIP-70 (0.10.0): compare with that profile.
      setup: { profile: 'kafka-0.10.0' },
      // Only the differential property: the invariants read fields this target does not show (positions, the group
      // subscription), where the model's values would stand in and mix two states once the sides diverge.
      properties: [],
      // Its coordinator assigns only to a consumer that subscribed (ConsumerCoordinator.poll joins only when
      // partitions_auto_assigned(), coordinator/consumer.py): no user meets a rebalance in another mode.
      reachable: { rebalance: { mode: ['AUTO_TOPICS', 'AUTO_PATTERN'] } },
    },
    "kafka-python's SubscriptionState through KafkaConsumer's subscribe/assign/unsubscribe/pause/resume/seek* methods, and assign_from_subscribed for the coordinator's result.",
  ),
  kafkaPythonTarget('range', { system: 'kafka.group', commands: assignorCommands, fields: groupFields, mode: 'differential', setup: { profile: 'kafka-1.0', assignor: 'range' }, properties: differentialOnly }, "kafka-python's RangePartitionAssignor as the group leader calls it."),
  kafkaPythonTarget('roundrobin', { system: 'kafka.group', commands: assignorCommands, fields: groupFields, mode: 'differential', setup: { profile: 'kafka-1.0', assignor: 'roundrobin' }, properties: differentialOnly }, "kafka-python's RoundRobinPartitionAssignor as the group leader calls it."),
  kafkaPythonTarget(
    'sticky',
    { system: 'kafka.group', commands: assignorCommands, fields: [...groupFields, 'members'], mode: 'invariants', setup: { profile: 'kafka-1.0', assignor: 'roundrobin' }, properties: assignorInvariants },
    "kafka-python's StickyPartitionAssignor as the group leader calls it, each member's previous partitions in its user data (invariants only).",
  ),
] as const;
