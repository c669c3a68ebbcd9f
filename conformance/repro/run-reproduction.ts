/**
 * Running a reproduction the way a maintainer would: Node in a folder where the library is installed (so the
 * script's `require` finds it there), Python with kafka-python on its path. Bounded in time; the child is ended by
 * spawnSync's timeout (SIGKILL) if it hangs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
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

/** Runs a reproduction already written at its file. */
export function runReproduction(repro: Reproduction, timeoutMs = 30_000): ReproRun | string {
  const place = reproPlace(repro);
  if (typeof place === 'string') return place;
  const file = path.join(packageRoot(), repro.file);
  const command = repro.runtime.kind === 'python' ? 'python3' : process.execPath;
  const run = spawnSync(command, [file], { cwd: place.cwd, env: place.env, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  return { exit: run.status, output: `${run.stdout ?? ''}${run.stderr ?? ''}` };
}
