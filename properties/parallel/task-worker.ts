/**
 * The worker thread of the pool: runs each task it is handed on the registered catalog and systems, posts the
 * reply, then bumps the shared counter so the blocked caller wakes up.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { systems } from '../../model/systems.js';
import { catalog } from '../catalog.js';
import { checkReplayFirst } from '../corpus/check-replay-first.js';
import { modelTarget } from '../corpus/counterexample-record.js';
import { loadCorpus } from '../corpus/load-corpus.js';
import { explore } from '../explore/explore.js';
import { explorations } from '../explore/explorations.js';
import type { CheckTask, ExploreTask, WorkerReply, WorkerTask } from './worker-task.js';

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };

function runCheck(task: CheckTask): WorkerReply {
  const property = catalog.find((p) => p.id === task.property);
  if (property === undefined) return { kind: 'error', error: `unknown property ${task.property}` };
  const corpus = loadCorpus(task.corpus, systems, catalog);
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
  });
  return { kind: 'explore', result };
}

port.on('message', ({ index, task }: { index: number; task: WorkerTask }) => {
  let reply: WorkerReply;
  try {
    reply = task.kind === 'check' ? runCheck(task) : runExplore(task);
  } catch (error) {
    reply = { kind: 'error', error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage({ index, reply });
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});
