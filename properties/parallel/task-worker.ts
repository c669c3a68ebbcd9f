/**
 * The worker thread of the pool: says when it has loaded, then runs each task it is handed on the registered catalog
 * and systems, posts the reply, and bumps the shared counter so the blocked caller wakes up.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { runTask, type CorpusCache } from './run-task.js';
import type { WorkerTask } from './worker-task.js';

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };

// A worker lives for one pool run: one cache.
const corpora: CorpusCache = new Map();

/** Posts to the pool and wakes the blocked caller. */
function post(message: unknown): void {
  port.postMessage(message);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

port.on('message', ({ index, task }: { index: number; task: WorkerTask }) => post({ index, reply: runTask(task, corpora) }));
// Loaded (the catalog and the systems came in with run-task.js): the pool may hand tasks now.
post({ ready: true });
