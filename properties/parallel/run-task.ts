/**
 * Runs one pool task on the registered catalog and systems: in a worker thread (task-worker.ts) or in the calling
 * thread, which takes tasks too. Never throws: a failure is an `error` reply.
 */
import { systems } from '../../model/systems.js';
import { catalog } from '../catalog.js';
import { checkReplayFirst } from '../corpus/check-replay-first.js';
import { modelTarget } from '../corpus/counterexample-record.js';
import { loadCorpus, type Corpus } from '../corpus/load-corpus.js';
import { explore } from '../explore/explore.js';
import { explorations } from '../explore/explorations.js';
import { siblingModule, type TaskRunner } from './task-runner.js';
import type { CheckTask, ExploreTask, WorkerReply, WorkerTask } from './worker-task.js';

/**
 * Corpora read so far, by folder, for one pool run on one thread: a sequential check reads the corpus once at the
 * start too (counterexamples saved during the run are not replayed by later properties), and reading it for every
 * property cost more than some properties' checks. A new pool run starts a new cache, so it sees what earlier runs saved.
 */
export type CorpusCache = Map<string, Corpus>;

function corpusOf(folder: string, corpora: CorpusCache): Corpus {
  const known = corpora.get(folder);
  if (known !== undefined) return known;
  const corpus = loadCorpus(folder, systems, catalog);
  corpora.set(folder, corpus);
  return corpus;
}

function runCheck(task: CheckTask, corpora: CorpusCache): WorkerReply {
  const property = catalog.find((p) => p.id === task.property);
  if (property === undefined) return { kind: 'error', error: `unknown property ${task.property}` };
  const corpus = corpusOf(task.corpus, corpora);
  const result = checkReplayFirst(property, {
    seed: task.seed,
    ...(task.runs === undefined ? {} : { runs: task.runs }),
    corpus,
    target: modelTarget,
    ...(task.mqspecVersion === undefined ? {} : { save: { folder: task.corpus, systems, mqspecVersion: task.mqspecVersion } }),
  });
  return { kind: 'check', result };
}

function runExplore(task: ExploreTask): WorkerReply {
  const model = systems.get(task.system);
  const exploration = explorations.get(task.system);
  if (model === undefined || exploration === undefined) return { kind: 'error', error: `no exploration for ${task.system}` };
  const properties = catalog.filter((p) => p.system === task.system && (task.properties === undefined || task.properties.includes(p.id)));
  const result = explore({
    model,
    exploration,
    scopeName: task.scope,
    ...(task.scopeFile === undefined ? {} : { scope: exploration.scopeBuilder.build(task.scopeFile.summary, task.scopeFile.bounds) }),
    properties,
    setupIndexes: task.setupIndexes,
    symmetry: task.symmetry,
    ...(task.maxDepth === undefined ? {} : { maxDepth: task.maxDepth }),
    ...(task.timeLimitMs === undefined ? {} : { timeLimitMs: task.timeLimitMs }),
    ...(task.heapLimitBytes === undefined ? {} : { heapLimitBytes: task.heapLimitBytes }),
  });
  return { kind: 'explore', result };
}

/** The reply to one task. */
export function runTask(task: WorkerTask, corpora: CorpusCache): WorkerReply {
  try {
    return task.kind === 'check' ? runCheck(task, corpora) : runExplore(task);
  } catch (error) {
    return { kind: 'error', error: error instanceof Error ? error.message : String(error) };
  }
}

/** A runner of model tasks for one pool run: its own corpus cache. */
export function makeRunner(): (task: WorkerTask) => WorkerReply {
  const corpora: CorpusCache = new Map();
  return (task) => runTask(task, corpora);
}

/** The model's checks and searches, as the pool runs them. */
export const modelTasks: TaskRunner<WorkerTask, WorkerReply> = { module: siblingModule('run-task', import.meta.url), makeRunner };
