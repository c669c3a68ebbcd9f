/**
 * `mqspec check --matrix --workers N`: the matrix's rows (one bundled target on one system each) run on N threads,
 * the calling one included, and come back in the matrix's order. A row's verdict depends only on the corpus it
 * replays (each task carries it), the seed and the runs, so the thread it runs on changes nothing but its time. Targets that start processes of their
 * own (kafka-python) or threads (kafkajs's bridge) start them from the worker as they would from the main thread.
 */
import { systems as registeredSystems } from '../model/systems.js';
import type { SystemId } from '../model/system.js';
import { catalog as registeredCatalog } from '../properties/catalog.js';
import type { Corpus } from '../properties/corpus/load-corpus.js';
import { runInWorkers } from '../properties/parallel/worker-pool.js';
import { siblingModule, type PoolError, type TaskRunner } from '../properties/parallel/task-runner.js';
import { checkRow, libraryEntries, type MatrixOptions, type MatrixRow } from './matrix.js';

/** One row to run: a bundled target on one of its systems. */
export interface MatrixTask {
  readonly target: string;
  readonly system: SystemId;
  readonly seed: number;
  readonly runs?: number;
  /** What to replay first, as the caller chose it (plain data: it crosses to the worker as a copy). */
  readonly corpus: Corpus;
  /** Save new counterexamples to this corpus folder, stamped with this version. */
  readonly save?: { readonly folder: string; readonly mqspecVersion: string };
}

/** A row as a worker sends it back. */
export interface MatrixReply {
  readonly kind: 'row';
  readonly row: MatrixRow;
}

/** A runner of matrix rows, on the registered systems and catalog. */
export function makeRunner(): (task: MatrixTask) => MatrixReply | PoolError {
  return (task) => {
    try {
      const entry = libraryEntries([task.target])[0];
      if (entry === undefined) return { kind: 'error', error: `no bundled target ${task.target}` };
      const options: MatrixOptions = {
        seed: task.seed,
        ...(task.runs === undefined ? {} : { runs: task.runs }),
        corpus: task.corpus,
        models: registeredSystems,
        catalog: registeredCatalog,
        ...(task.save === undefined ? {} : { save: { ...task.save, systems: registeredSystems } }),
      };
      return { kind: 'row', row: checkRow(entry, task.system, options) };
    } catch (error) {
      return { kind: 'error', error: error instanceof Error ? error.message : String(error) };
    }
  };
}

/** The matrix's rows, as the pool runs them. */
export const matrixTasks: TaskRunner<MatrixTask, MatrixReply> = { module: siblingModule('matrix-in-workers', import.meta.url), makeRunner };

/**
 * The matrix run on `workers` threads, or undefined when it should run in-process: one worker, or registries other
 * than the registered ones (tests of the command line), which the workers could not load.
 */
export function matrixInWorkers(options: MatrixOptions, workers: number): MatrixRow[] | undefined {
  if (workers <= 1 || options.models !== registeredSystems || options.catalog !== registeredCatalog) return undefined;
  const tasks = libraryEntries(options.targets).flatMap((entry) =>
    entry.systems.map(
      (system): MatrixTask => ({
        target: entry.name,
        system,
        seed: options.seed,
        ...(options.runs === undefined ? {} : { runs: options.runs }),
        corpus: options.corpus,
        ...(options.save === undefined ? {} : { save: { folder: options.save.folder, mqspecVersion: options.save.mqspecVersion } }),
      }),
    ),
  );
  if (tasks.length <= 1) return undefined;
  const rows = runInWorkers(tasks, workers, matrixTasks).map((reply) => reply.row);
  for (const row of rows) options.onRow?.(row);
  return rows;
}
