/**
 * Running a reproduction the way a maintainer would: Node in a folder where the library is installed (so the
 * script's `require` finds it there), Python with kafka-python on its path, and for a script that needs a broker a
 * fresh librdkafka mock cluster with the counterexample's topics (named to the script as KAFKA_BROKERS, stopped
 * after it: each script gets its own, since counterexamples give one topic name different partition counts).
 * Bounded in time; the child is ended by spawnSync's timeout (SIGKILL) if it hangs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BrokerUnavailable, startMockBroker, type KafkaBroker } from '../../real/kafka/mock-broker.js';
import { packageRoot } from '../package-root.js';
import { locateLibrary } from '../targets/library-require.js';
import type { Reproduction } from './reproductions.js';

/** What a run showed: the exit status (null when it was killed or could not start) and its output. */
export interface ReproRun {
  readonly exit: number | null;
  readonly output: string;
}

/** Folders that hold kafka-python 2.0.2's `kafka` package, as kafka_python_target.py looks for them. */
export function kafkaPythonPath(): string | undefined {
  const candidates = [
    ...(process.env['MQSPEC_KAFKA_PYTHON_PATH'] ?? '').split(path.delimiter),
    '/usr/lib/python3/dist-packages',
    path.join(packageRoot(), '.cache', 'python3-kafka', 'usr', 'lib', 'python3', 'dist-packages'),
  ];
  return candidates.find((folder) => folder !== '' && existsSync(path.join(folder, 'kafka', '__init__.py')));
}

/** Where to run a reproduction, or why it cannot run here. */
export function reproPlace(repro: Reproduction): { readonly cwd: string; readonly env: NodeJS.ProcessEnv } | string {
  if (repro.runtime.kind === 'python') {
    const folder = kafkaPythonPath();
    return folder === undefined ? 'kafka-python is not installed' : { cwd: packageRoot(), env: { ...process.env, PYTHONPATH: folder } };
  }
  const location = locateLibrary(repro.runtime.library);
  return location === undefined ? `${repro.runtime.library.name} is not installed` : { cwd: path.dirname(location.nodeModules), env: process.env };
}

/** Where a script runs. */
type Place = { readonly cwd: string; readonly env: NodeJS.ProcessEnv };

/** Runs a script already written at its file. */
function runScript(repro: Reproduction, place: Place, timeoutMs: number): ReproRun {
  const file = path.join(packageRoot(), repro.file);
  const command = repro.runtime.kind === 'python' ? 'python3' : process.execPath;
  const run = spawnSync(command, [file], { cwd: place.cwd, env: place.env, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  return { exit: run.status, output: `${run.stdout ?? ''}${run.stderr ?? ''}` };
}

/** Runs a reproduction already written at its file, with a broker of its own when it needs one. */
export async function runReproduction(repro: Reproduction, timeoutMs = 30_000): Promise<ReproRun | string> {
  const place = reproPlace(repro);
  if (typeof place === 'string') return place;
  const topics = repro.runtime.kind === 'node' ? repro.runtime.broker : undefined;
  if (topics === undefined) return runScript(repro, place, timeoutMs);
  let broker: KafkaBroker;
  try {
    broker = await startMockBroker();
  } catch (error) {
    if (error instanceof BrokerUnavailable) return `no broker: ${error.message}`;
    throw error;
  }
  try {
    for (const [name, partitions] of Object.entries(topics)) await broker.createTopic(name, partitions);
    return runScript(repro, { ...place, env: { ...place.env, KAFKA_BROKERS: broker.bootstrap } }, timeoutMs);
  } finally {
    await broker.stop();
  }
}
