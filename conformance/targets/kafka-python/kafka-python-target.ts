/**
 * kafka-python 2.0.2 (Debian `python3-kafka`, pure Python) through the JSON-lines protocol: `kafka_python_target.py`
 * wraps its SubscriptionState (through KafkaConsumer's own methods) and its Range, RoundRobin and Sticky assignors (as
 * ConsumerCoordinator._perform_assignment calls them). One Python process per target serves every scenario
 * (`init` per scenario). A machine where `python3` cannot import kafka-python skips these targets with a message.
 *
 * Where kafka-python is looked for: `MQSPEC_KAFKA_PYTHON_PATH`, Debian's `/usr/lib/python3/dist-packages`, and the
 * unpacked package `.cache/python3-kafka/usr/lib/python3/dist-packages` that `.ci/run` makes without root.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Outcome } from '../../../model/outcome.js';
import type { SystemId } from '../../../model/system.js';
import { AsyncBridge, defaultTimeouts, siblingModule } from '../async-bridge.js';
import type { BundledTarget, BundledTargetSystem } from '../bundled-target.js';
import { assignorCommands, assignorInvariants } from '../group-with-library-assignor.js';

/** The library and version. */
export const kafkaPythonVersion = 'kafka-python@2.0.2';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The program, next to this file in the sources (the build does not copy it, so dist resolves back to the sources). */
const program = path.resolve(here.replace(`${path.sep}dist${path.sep}`, path.sep), 'kafka_python_target.py');

/** Directories that may hold the `kafka` package. */
function pythonPath(): string {
  const repo = path.resolve(here, '..', '..', '..');
  const candidates = [process.env['MQSPEC_KAFKA_PYTHON_PATH'], '/usr/lib/python3/dist-packages', path.join(repo.replace(`${path.sep}dist`, ''), '.cache', 'python3-kafka', 'usr', 'lib', 'python3', 'dist-packages')];
  return candidates.filter((c): c is string => c !== undefined && c !== '').join(path.delimiter);
}

let availability: string | undefined | null = null;

/** Why kafka-python cannot run here, or undefined when `python3` imports version 2.0.2 of it. */
export function kafkaPythonUnavailable(): string | undefined {
  if (availability !== null) return availability;
  const probe = spawnSync('python3', ['-c', 'import kafka; print(kafka.__version__)'], { env: { ...process.env, PYTHONPATH: pythonPath() }, encoding: 'utf8', timeout: 10_000 });
  if (probe.error !== undefined) availability = `python3 is not available (${probe.error.message})`;
  else if (probe.status !== 0) availability = 'kafka-python is not installed (apt-get install python3-kafka, or let .ci/run unpack it)';
  else if (probe.stdout.trim() !== '2.0.2') availability = `kafka-python ${probe.stdout.trim()} is installed, the target wraps 2.0.2`;
  else availability = undefined;
  return availability;
}

/** The protocol's answer to a request. */
type Response = Answered | { readonly ok: false; readonly error: string };

/** A served request's response. */
interface Answered {
  readonly ok: true;
  readonly outcome?: Outcome;
  readonly observation?: unknown;
}

/** A kafka-python target for one role of the program. */
function kafkaPythonTarget(role: 'subscription-state' | 'range' | 'roundrobin' | 'sticky', system: BundledTargetSystem, describes: string): BundledTarget {
  let bridge: AsyncBridge | undefined;
  const send = (message: unknown): Answered => {
    if (bridge === undefined) {
      bridge = new AsyncBridge(siblingModule(import.meta.url, '../line-process-worker'));
      const started = bridge.call({ op: 'spawn', command: 'python3', args: [program, role], env: { PYTHONPATH: pythonPath() } });
      if (!started.ok) throw new Error(`kafka-python-${role}: ${started.message}`);
      // The handshake waits for Python to start and import kafka-python, which takes seconds on a busy machine.
      const hello = bridge.call({ op: 'send', message: { op: 'hello', protocol: 1 } }, defaultTimeouts.startMs);
      const greeting = hello.ok ? (hello.value as { ok?: unknown; name?: unknown; error?: unknown }) : undefined;
      if (greeting?.ok !== true || greeting.name !== `kafka-python-${role}`) {
        throw new Error(`kafka-python-${role}: bad handshake: ${hello.ok ? JSON.stringify(hello.value) : hello.message}`);
      }
    }
    const answer = bridge.call({ op: 'send', message });
    if (!answer.ok) throw new Error(`kafka-python-${role}: ${answer.message}`);
    const response = answer.value as Response;
    if (!response.ok) throw new Error(`kafka-python-${role} answered an error: ${response.error}`);
    return response;
  };
  return {
    name: `kafka-python-${role}`,
    version: kafkaPythonVersion,
    library: kafkaPythonVersion,
    describes,
    systems: [system],
    unavailable: kafkaPythonUnavailable,
    open(id: SystemId, setup: unknown) {
      if (id !== system.system) throw new Error(`open: kafka-python-${role} implements ${system.system}, not ${id}`);
      send({ op: 'init', system: id, setup });
      return {
        step: (command) => {
          const outcome = send({ op: 'step', command }).outcome;
          if (outcome === undefined) throw new Error(`kafka-python-${role}: a step response without an outcome`);
          return outcome;
        },
        observe: () => send({ op: 'observe' }).observation,
        close: () => undefined,
      };
    },
    dispose() {
      bridge?.call({ op: 'stop' });
      bridge?.dispose();
      bridge = undefined;
    },
  };
}

const groupFields = ['generation', 'leader', 'generationMembers', 'lastAssignment'];

/** kafka-python's targets: its SubscriptionState and its three assignors. */
export const kafkaPythonTargets: readonly BundledTarget[] = [
  kafkaPythonTarget(
    'subscription-state',
    {
      system: 'kafka.consumer',
      commands: ['subscribe', 'assign', 'unsubscribe', 'rebalance', 'seek', 'seekToBeginning', 'seekToEnd', 'pause', 'resume'],
      fields: ['mode', 'subscription', 'partitions.*.position', 'partitions.*.paused', 'partitions.*.resetStrategy'],
      mode: 'differential',
      // kafka-python's SubscriptionState ports Java's from before KIP-70 (0.10.0): compare with that profile.
      setup: { profile: 'kafka-0.10.0' },
    },
    "kafka-python's SubscriptionState through KafkaConsumer's subscribe/assign/unsubscribe/pause/resume/seek* methods, and assign_from_subscribed for the coordinator's result.",
  ),
  kafkaPythonTarget('range', { system: 'kafka.group', commands: assignorCommands, fields: groupFields, mode: 'differential', setup: { assignor: 'range' } }, "kafka-python's RangePartitionAssignor as the group leader calls it."),
  kafkaPythonTarget('roundrobin', { system: 'kafka.group', commands: assignorCommands, fields: groupFields, mode: 'differential', setup: { assignor: 'roundrobin' } }, "kafka-python's RoundRobinPartitionAssignor as the group leader calls it."),
  kafkaPythonTarget(
    'sticky',
    { system: 'kafka.group', commands: assignorCommands, fields: [...groupFields, 'members'], mode: 'invariants', setup: { assignor: 'roundrobin' }, properties: assignorInvariants },
    "kafka-python's StickyPartitionAssignor as the group leader calls it, each member's previous partitions in its user data (invariants only).",
  ),
];
